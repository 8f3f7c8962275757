import { asc, inArray, sql } from 'drizzle-orm';
import { countBlanks, type DrawnQuestion, type QuestionCategoryNode, type QuestionKey, type QuestionType } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { questionCategories, questions } from './questions.schema.js';
import { buildForest } from '../../platform/tree.js';

/** The answer key of questions as they are now (an exam attempt snapshots it when drawn); the score is the paper's, not here. */
export interface QuestionKeyRow {
  id: number;
  type: QuestionType;
  answers: string[];
  blanks: string[][];
  keywords: string;
  autoScore: boolean;
  answerText: string;
  analysis: string;
}

/** Answer keys by question id (unknown ids left out). */
export async function questionKeys(db: DbOrTx, ids: number[]): Promise<Map<number, QuestionKeyRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      answers: questions.answers,
      blanks: questions.blanks,
      keywords: questions.keywords,
      autoScore: questions.autoScore,
      answerText: questions.answerText,
      analysis: questions.analysis,
    })
    .from(questions)
    .where(inArray(questions.id, unique));
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type }]));
}

/** A question as practice shows it (face, no position) with its answer key. */
export interface QuestionWithKey {
  face: Omit<DrawnQuestion, 'position'>;
  key: QuestionKey;
}

type Row = {
  id: number;
  type: QuestionType;
  stem: string;
  options: { content: string }[];
  stars: number;
  score: number;
  answers: string[];
  blanks: string[][];
  keywords: string;
  auto_score: boolean;
  answer_text: string;
  analysis: string;
};

/**
 * Faces and answer keys of questions by id (unknown ids left out), for modules that mark answers
 * themselves (practice). `score` is the question's own unless `scores` names another (a paper's).
 */
export async function questionKeysFor(db: DbOrTx, ids: number[], scores: Map<number, number> = new Map()): Promise<Map<number, QuestionWithKey>> {
  const out = new Map<number, QuestionWithKey>();
  if (!ids.length) return out;
  const { rows } = await db.execute<Row>(sql`select id, type, stem, options, stars, score, answers, blanks, keywords, auto_score, answer_text, analysis
    from questions where id = any(${sql.param([...new Set(ids)])}::int[])`);
  for (const r of rows) {
    const score = scores.get(r.id) ?? r.score;
    out.set(r.id, {
      face: { questionId: r.id, type: r.type, stem: r.stem, options: r.options, blankCount: r.type === 'fill' ? countBlanks(r.stem) : 0, stars: r.stars, score },
      key: {
        type: r.type,
        score,
        answers: r.answers,
        blanks: r.blanks,
        keywords: r.keywords,
        autoScore: r.auto_score,
        answerText: r.answer_text,
        analysis: r.analysis,
      },
    });
  }
  return out;
}

/** How many approved questions a bank (a classification with its subtree) holds, of the given types when named. */
export async function countBankQuestions(db: DbOrTx, categoryId: number, types?: readonly QuestionType[]): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from questions q where ${bankWhere(categoryId, types)}`);
  return Number(rows[0]?.n ?? 0);
}

/** A random sample of up to `count` approved questions of a bank (types restricted when named). */
export async function sampleBankQuestions(db: DbOrTx, categoryId: number, count: number, types?: readonly QuestionType[]): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`select q.id from questions q where ${bankWhere(categoryId, types)} order by random() limit ${count}`);
  return rows.map((r) => Number(r.id));
}

function bankWhere(categoryId: number, types?: readonly QuestionType[]) {
  const typeFilter = types ? sql` and q.type = any(${sql.param([...types])}::text[])` : sql``;
  return sql`q.status = 'approved' and q.category_id in (select c.id from question_categories c, question_categories b where b.id = ${categoryId} and c.path like b.path || '%')${typeFilter}`;
}

/** The classification tree (banks) as a forest, read-only, for modules that let a user pick a bank. */
export async function questionCategoryForest(db: DbOrTx): Promise<QuestionCategoryNode[]> {
  const nodes = await db
    .select({ id: questionCategories.id, name: questionCategories.name, parentId: questionCategories.parentId, sort: questionCategories.sort })
    .from(questionCategories)
    .orderBy(asc(questionCategories.sort), asc(questionCategories.id));
  return buildForest(nodes);
}
