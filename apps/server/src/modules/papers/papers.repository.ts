import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PAPER_SORT_KEYS, PaperListQuery, PaperRule, QuestionType } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, keywordPattern, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionCategories, questions } from '../questions/index.js';
import { paperItems, paperRules, papers } from './papers.schema.js';

/** Questions the paper holds: hand-picked ones plus the count of every rule. */
const questionCountSql = sql<number>`((select count(*) from paper_items i where i.paper_id = ${papers.id})
  + coalesce((select sum(r.count) from paper_rules r where r.paper_id = ${papers.id}), 0))::int`;
/** A hand-picked question or a rule is of a subjective type (marked by a reviewer). */
const hasSubjectiveSql = sql<boolean>`(exists (select 1 from paper_items i join questions q on q.id = i.question_id
    where i.paper_id = ${papers.id} and q.type in ('short', 'operation', 'calculation'))
  or exists (select 1 from paper_rules r where r.paper_id = ${papers.id} and r.type in ('short', 'operation', 'calculation')))`;

const rowColumns = {
  id: papers.id,
  name: papers.name,
  kind: papers.kind,
  total: papers.total,
  questionCount: questionCountSql,
  hasSubjective: hasSubjectiveSql,
  orgName: organizations.name,
  orgPath: organizations.path,
  creatorName: users.realname,
  createdAt: papers.createdAt,
  deletedAt: papers.deletedAt,
};

/** The paper list: papers not deleted of the caller's organization subtrees; kind, keyword on the name. */
export const paperList = defineList({
  name: 'paper_list',
  table: papers,
  tables: ['papers', 'organizations'],
  scope: { column: papers.orgId },
  where: isNull(papers.deletedAt),
  filters: { kind: (v) => eq(papers.kind, v) },
  keyword: (pattern) => sql`${papers.name} ilike ${pattern}`,
  sort: { id: papers.id, name: papers.name, total: papers.total, createdAt: papers.createdAt } satisfies Record<(typeof PAPER_SORT_KEYS)[number], unknown>,
  columns: rowColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, papers.orgId)).leftJoin(users, eq(users.id, papers.createdBy)),
});
export type PaperRecord = Awaited<ReturnType<typeof getPapers>>[number];

export const findPapers = (lists: ListRuntime, p: Principal, q: PaperListQuery) => paperList.run(lists, p, q);

/** Papers by id, deleted ones included (exams still name them). */
export const getPapers = paperList.rowsOf;

/** Ids of papers not deleted whose name holds the keyword, newest first (an exam's paper picker). */
export async function searchPaperIds(db: DbOrTx, keyword: string | undefined, limit: number): Promise<number[]> {
  const where = keyword ? and(isNull(papers.deletedAt), sql`${papers.name} ilike ${keywordPattern(keyword)}`) : isNull(papers.deletedAt);
  const rows = await db.select({ id: papers.id }).from(papers).where(where).orderBy(desc(papers.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** Locks papers not deleted (id order) for a change, with their organization's path for the scope check. */
export function lockPapers(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, papers, ids, [], { where: isNull(papers.deletedAt) });
}

/** The hand-picked questions of papers, in order, with what the editor and a draw need. */
export function itemsOf(db: DbOrTx, paperIds: number[]) {
  return db
    .select({
      paperId: paperItems.paperId,
      questionId: paperItems.questionId,
      score: paperItems.score,
      type: questions.type,
      stem: questions.stem,
      difficulty: questions.difficulty,
      options: questions.options,
      blanks: questions.blanks,
      stars: questions.stars,
    })
    .from(paperItems)
    .innerJoin(questions, eq(questions.id, paperItems.questionId))
    .where(inArray(paperItems.paperId, paperIds))
    .orderBy(asc(paperItems.paperId), asc(paperItems.position));
}

export function rulesOf(db: DbOrTx, paperIds: number[]) {
  return db
    .select({
      paperId: paperRules.paperId,
      categoryId: paperRules.categoryId,
      categoryName: questionCategories.name,
      type: paperRules.type,
      difficulty: paperRules.difficulty,
      labels: paperRules.labels,
      count: paperRules.count,
      score: paperRules.score,
    })
    .from(paperRules)
    .leftJoin(questionCategories, eq(questionCategories.id, paperRules.categoryId))
    .where(inArray(paperRules.paperId, paperIds))
    .orderBy(asc(paperRules.paperId), asc(paperRules.position));
}

export interface RuleFilter {
  categoryId: number;
  type: string;
  labels: string[];
  difficulty?: string | null;
}

/** Approved questions a rule draws from: its bank (classification subtree), type, difficulty when given, every label. */
function ruleWhere(r: RuleFilter): SQL {
  const parts = [
    sql`q.status = 'approved'`,
    sql`q.type = ${r.type}`,
    sql`q.category_id in (select c.id from question_categories c, question_categories b where b.id = ${r.categoryId} and c.path like b.path || '%')`,
  ];
  if (r.difficulty) parts.push(sql`q.difficulty = ${r.difficulty}`);
  if (r.labels.length) parts.push(sql`q.labels @> ${sql.param(r.labels)}::text[]`);
  return sql.join(parts, sql` and `);
}

/** The ids a rule may draw, leaving out `exclude` (the paper's hand-picked questions). */
export async function ruleCandidates(db: DbOrTx, r: RuleFilter, exclude: number[] = []): Promise<number[]> {
  const not = exclude.length ? sql` and q.id <> all(${sql.param(exclude)}::int[])` : sql``;
  const res = await db.execute<{ id: number }>(sql`select q.id from questions q where ${ruleWhere(r)}${not} order by q.id`);
  return res.rows.map((x) => Number(x.id));
}

/** What an examinee sees of questions (no answers): by id. */
export async function questionFaces(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { type: QuestionType; stem: string; options: { content: string }[]; blanks: string[][]; stars: number }>();
  const rows = await db
    .select({ id: questions.id, type: questions.type, stem: questions.stem, options: questions.options, blanks: questions.blanks, stars: questions.stars })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type }]));
}

/** The questions checked before a paper names them: status, type and the author's organization path. */
export function questionStates(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: questions.id, status: questions.status, type: questions.type, orgPath: organizations.path })
    .from(questions)
    .leftJoin(organizations, eq(organizations.id, questions.orgId))
    .where(inArray(questions.id, ids));
}

export async function categoriesExist(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: questionCategories.id }).from(questionCategories).where(inArray(questionCategories.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Replaces a paper's questions and rules. */
export async function writeParts(tx: DbOrTx, paperId: number, items: { questionId: number; score: number }[], rules: PaperRule[]) {
  await tx.delete(paperItems).where(eq(paperItems.paperId, paperId));
  await tx.delete(paperRules).where(eq(paperRules.paperId, paperId));
  if (items.length) await tx.insert(paperItems).values(items.map((i, position) => ({ paperId, position, questionId: i.questionId, score: i.score })));
  if (rules.length)
    await tx.insert(paperRules).values(
      rules.map((r, position) => ({
        paperId,
        position,
        categoryId: r.categoryId,
        type: r.type,
        difficulty: r.difficulty ?? null,
        labels: r.labels,
        count: r.count,
        score: r.score,
      })),
    );
}

/** Of the questions given, those a paper not deleted holds (deleted papers hold none). */
export async function questionsInPapers(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ id: paperItems.questionId }).from(paperItems).where(inArray(paperItems.questionId, ids));
  return rows.map((r) => r.id);
}

export async function markDeleted(tx: DbOrTx, ids: number[]) {
  await tx.update(papers).set({ deletedAt: new Date(), updatedAt: new Date() }).where(inArray(papers.id, ids));
}
