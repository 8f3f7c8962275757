import { eq, inArray, sql } from 'drizzle-orm';
import { QUESTION_CATEGORY_DEPTH, type QUESTION_SORT_KEYS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, updateRow } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionCategories, questions } from './questions.schema.js';

/** The classification tree: several roots, at most 5 levels; a category holding questions is in use. */
export const categoryTree = defineCategoryTree(questionCategories, { maxDepth: QUESTION_CATEGORY_DEPTH, lockKey: 'questionCategoryTree', items: questions.categoryId });

const rowColumns = {
  id: questions.id,
  type: questions.type,
  stem: questions.stem,
  difficulty: questions.difficulty,
  labels: questions.labels,
  score: questions.score,
  analysis: questions.analysis,
  options: questions.options,
  answers: questions.answers,
  blanks: questions.blanks,
  keywords: questions.keywords,
  autoScore: questions.autoScore,
  answerText: questions.answerText,
  stars: questions.stars,
  categoryId: questions.categoryId,
  categoryName: questionCategories.name,
  status: questions.status,
  refuseReason: questions.refuseReason,
  orgId: questions.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: questions.createdBy,
  creatorName: users.realname,
  createdAt: questions.createdAt,
};
const sortColumns = {
  id: questions.id,
  createdAt: questions.createdAt,
  score: questions.score,
  difficulty: sql`array_position(array['easy','medium','hard']::varchar[], ${questions.difficulty})`,
} satisfies Record<(typeof QUESTION_SORT_KEYS)[number], unknown>;

/** The question list: the caller's organization subtrees; type, difficulty, state, category subtree, label, keyword on the stem. */
export const questionList = defineList({
  name: 'question_list',
  table: questions,
  tables: ['questions', 'organizations', 'question_categories'],
  scope: { column: questions.orgId },
  filters: {
    type: (v) => eq(questions.type, v),
    difficulty: (v) => eq(questions.difficulty, v),
    status: (v) => eq(questions.status, v),
    label: (v) => sql`${questions.labels} @> array[${v}]::text[]`,
    categoryId: (v) => categoryTree.inSubtree(questions.categoryId, v),
  },
  keyword: (pattern) => sql`${questions.stem} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .leftJoin(organizations, eq(organizations.id, questions.orgId))
      .leftJoin(users, eq(users.id, questions.createdBy)),
});
export type QuestionRecord = Awaited<ReturnType<typeof questionList.rowsOf>>[number];

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export function lockQuestions(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, questions, ids, ['status']);
}

export type QuestionValues = Omit<typeof questions.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'refuseReason' | 'orgId' | 'createdBy'>;

export async function insertQuestion(db: DbOrTx, v: QuestionValues & { orgId: number | null; createdBy: number }): Promise<number> {
  return insertRow(db, questions, v);
}

export async function updateQuestion(db: DbOrTx, id: number, set: QuestionValues) {
  await updateRow(db, questions, id, set);
}

export async function deleteQuestions(db: DbOrTx, ids: number[]) {
  await db.delete(questions).where(inArray(questions.id, ids));
}
