import { eq, sql } from 'drizzle-orm';
import { QUESTIONNAIRE_CATEGORY_DEPTH, type QUESTIONNAIRE_SORT_KEYS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { deleteRows, insertRow, rowExists, updateRow } from '../../platform/table-rows.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { storedItems } from './questionnaires.items.js';
import { questionnaireCategories, questionnaires } from './questionnaires.schema.js';

/** The classification tree: several roots, at most 5 levels; a classification holding templates is in use. */
export const categoryTree = defineCategoryTree(questionnaireCategories, {
  maxDepth: QUESTIONNAIRE_CATEGORY_DEPTH,
  lockKey: 'questionnaireCategoryTree',
  items: questionnaires.categoryId,
});

/** Questions of the items (sections are not questions), counted in the database for the list. */
const questionCount = sql<number>`(select count(*)::int from jsonb_array_elements(${questionnaires.items}) e where e->>'kind' <> 'section')`;

const rowColumns = {
  id: questionnaires.id,
  name: questionnaires.name,
  status: questionnaires.status,
  categoryId: questionnaires.categoryId,
  categoryName: questionnaireCategories.name,
  description: questionnaires.description,
  questionCount,
  orgId: questionnaires.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  creatorName: users.realname,
  createdAt: questionnaires.createdAt,
  publishedAt: questionnaires.publishedAt,
};
const sortColumns = { id: questionnaires.id, name: questionnaires.name, createdAt: questionnaires.createdAt } satisfies Record<
  (typeof QUESTIONNAIRE_SORT_KEYS)[number],
  unknown
>;

/** The management list: the caller's organization subtrees, status, classification subtree, keyword on name. */
export const questionnaireList = defineList({
  name: 'questionnaire_list',
  table: questionnaires,
  tables: ['questionnaires', 'organizations', 'questionnaire_categories'],
  scope: { column: questionnaires.orgId },
  filters: { status: (v) => eq(questionnaires.status, v), categoryId: (v) => categoryTree.inSubtree(questionnaires.categoryId, v) },
  keyword: (pattern) => sql`${questionnaires.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, questionnaires.categoryId))
      .leftJoin(organizations, eq(organizations.id, questionnaires.orgId))
      .leftJoin(users, eq(users.id, questionnaires.createdBy)),
});
export type QuestionnaireRecord = Awaited<ReturnType<typeof questionnaireList.rowsOf>>[number];

export const getItems = (db: DbOrTx, id: number) => storedItems(db, questionnaires, id);

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export const lockQuestionnaires = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, questionnaires, ids, ['name', 'status', 'categoryId', 'description', 'items']);

export const nameTaken = (db: DbOrTx, name: string, exceptId?: number) => rowExists(db, questionnaires, eq(questionnaires.name, name), exceptId);
export const insertQuestionnaire = (db: DbOrTx, values: typeof questionnaires.$inferInsert) => insertRow(db, questionnaires, values);
export const updateQuestionnaire = (db: DbOrTx, id: number, set: Partial<typeof questionnaires.$inferInsert>) => updateRow(db, questionnaires, id, set);
export const deleteQuestionnaires = (db: DbOrTx, ids: number[]) => deleteRows(db, questionnaires, ids);
