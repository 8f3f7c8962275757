import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { TEXTBOOK_CATEGORY_DEPTH, type TEXTBOOK_SORT_KEYS, type TextbookShelfQuery } from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, updateRow } from '../../platform/table-rows.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { textbookCategories, textbookNotes, textbookProgress, textbookRegistrations, textbookScores, textbooks } from './textbooks.schema.js';

/** The category tree: several roots, at most 5 levels; a category holding textbooks is in use. */
export const categoryTree = defineCategoryTree(textbookCategories, { maxDepth: TEXTBOOK_CATEGORY_DEPTH, lockKey: 'textbookCategoryTree', items: textbooks.categoryId });

const rowColumns = {
  id: textbooks.id,
  name: textbooks.name,
  status: textbooks.status,
  categoryId: textbooks.categoryId,
  categoryName: textbookCategories.name,
  labels: textbooks.labels,
  intro: textbooks.intro,
  author: textbooks.author,
  publisher: textbooks.publisher,
  cover: textbooks.cover,
  fileId: files.publicId,
  fileName: files.originalName,
  orgId: textbooks.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  creatorName: users.realname,
  createdAt: textbooks.createdAt,
  publishedAt: textbooks.publishedAt,
};
const sortColumns = { id: textbooks.id, name: textbooks.name, createdAt: textbooks.createdAt } satisfies Record<(typeof TEXTBOOK_SORT_KEYS)[number], unknown>;

const inCategorySubtree = (v: unknown) => categoryTree.inSubtree(textbooks.categoryId, v);

/** The management list: the caller's organization subtrees, status, category subtree, keyword on name. */
export const textbookList = defineList({
  name: 'textbook_list',
  table: textbooks,
  tables: ['textbooks', 'organizations', 'textbook_categories'],
  scope: { column: textbooks.orgId },
  filters: { status: (v) => eq(textbooks.status, v), categoryId: (v) => inCategorySubtree(v) },
  keyword: (pattern) => sql`${textbooks.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(textbookCategories, eq(textbookCategories.id, textbooks.categoryId))
      .leftJoin(organizations, eq(organizations.id, textbooks.orgId))
      .leftJoin(users, eq(users.id, textbooks.createdBy))
      .innerJoin(files, eq(files.id, textbooks.fileId)),
});
export type TextbookRecord = Awaited<ReturnType<typeof textbookList.rowsOf>>[number];

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export function lockTextbooks(tx: DbOrTx, ids: number[]) {
  return tx
    .select({
      id: textbooks.id,
      name: textbooks.name,
      status: textbooks.status,
      categoryId: textbooks.categoryId,
      cover: textbooks.cover,
      fileId: textbooks.fileId,
      filePublicId: files.publicId,
      orgPath: organizations.path,
    })
    .from(textbooks)
    .leftJoin(organizations, eq(organizations.id, textbooks.orgId))
    .innerJoin(files, eq(files.id, textbooks.fileId))
    .where(inArray(textbooks.id, ids))
    .orderBy(asc(textbooks.id))
    .for('update', { of: textbooks });
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(exceptId ? and(eq(textbooks.name, name), sql`${textbooks.id} <> ${exceptId}`) : eq(textbooks.name, name))
    .limit(1);
  return !!row;
}

type Writable = Omit<typeof textbooks.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt' | 'publishedAt'>;
export async function insertTextbook(db: DbOrTx, v: Writable): Promise<number> {
  return insertRow(db, textbooks, v);
}

export async function updateTextbook(db: DbOrTx, id: number, set: Partial<Writable>) {
  await updateRow(db, textbooks, id, set);
}

export async function deleteTextbooks(db: DbOrTx, ids: number[]) {
  await db.delete(textbooks).where(inArray(textbooks.id, ids));
}

// ---- Student side ----

const avgScore = sql<string | null>`(select avg(s.score) from textbook_scores s where s.textbook_id = ${textbooks.id})`;
const scoreCount = sql<number>`(select count(*)::int from textbook_scores s where s.textbook_id = ${textbooks.id})`;
const registeredBy = (userId: number) => sql<boolean>`exists (select 1 from textbook_registrations r where r.textbook_id = ${textbooks.id} and r.user_id = ${userId})`;

const cardColumns = (userId: number) => ({
  id: textbooks.id,
  name: textbooks.name,
  status: textbooks.status,
  author: textbooks.author,
  publisher: textbooks.publisher,
  labels: textbooks.labels,
  intro: textbooks.intro,
  cover: textbooks.cover,
  fileId: textbooks.fileId,
  filePublicId: files.publicId,
  averageScore: avgScore,
  scoreCount,
  registered: registeredBy(userId),
});

/** Published textbooks (or, with `mine`, those the reader registered, in any state), newest first. */
export async function findShelf(db: DbOrTx, userId: number, q: TextbookShelfQuery) {
  const where = and(
    q.mine ? registeredBy(userId) : eq(textbooks.status, 'published'),
    q.keyword ? sql`${textbooks.name} ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    q.categoryId ? inCategorySubtree(q.categoryId) : undefined,
  );
  return pageWithTotal(
    db.select(cardColumns(userId)).from(textbooks).innerJoin(files, eq(files.id, textbooks.fileId)).where(where).orderBy(desc(textbooks.publishedAt), desc(textbooks.id)),
    db.select({ n: count() }).from(textbooks).where(where),
    q,
  );
}

export async function getCard(db: DbOrTx, userId: number, id: number) {
  const [row] = await db.select(cardColumns(userId)).from(textbooks).innerJoin(files, eq(files.id, textbooks.fileId)).where(eq(textbooks.id, id));
  return row ?? null;
}

/** Who may read a textbook file: the textbook is published or the reader registered it. */
export async function readableBy(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(and(eq(textbooks.id, id), sql`(${textbooks.status} = 'published' or ${registeredBy(userId)})`));
  return !!row;
}

export async function register(db: DbOrTx, textbookId: number, userId: number) {
  await db.insert(textbookRegistrations).values({ textbookId, userId }).onConflictDoNothing();
}
export async function unregister(db: DbOrTx, textbookId: number, userId: number) {
  await db.delete(textbookRegistrations).where(and(eq(textbookRegistrations.textbookId, textbookId), eq(textbookRegistrations.userId, userId)));
}

export async function getProgress(db: DbOrTx, textbookId: number, userId: number) {
  const [row] = await db
    .select({ page: textbookProgress.page, pageCount: textbookProgress.pageCount })
    .from(textbookProgress)
    .where(and(eq(textbookProgress.textbookId, textbookId), eq(textbookProgress.userId, userId)));
  return row ?? null;
}
export async function saveProgress(db: DbOrTx, v: { textbookId: number; userId: number; page: number; pageCount: number }) {
  await db
    .insert(textbookProgress)
    .values(v)
    .onConflictDoUpdate({ target: [textbookProgress.textbookId, textbookProgress.userId], set: { page: v.page, pageCount: v.pageCount, updatedAt: new Date() } });
}

export async function getScore(db: DbOrTx, textbookId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ score: textbookScores.score })
    .from(textbookScores)
    .where(and(eq(textbookScores.textbookId, textbookId), eq(textbookScores.userId, userId)));
  return row?.score ?? null;
}
/** False when the user had scored already (a score is given once). */
export async function insertScore(db: DbOrTx, v: { textbookId: number; userId: number; score: number }): Promise<boolean> {
  const rows = await db.insert(textbookScores).values(v).onConflictDoNothing().returning({ score: textbookScores.score });
  return rows.length > 0;
}

const noteColumns = {
  id: textbookNotes.id,
  textbookId: textbookNotes.textbookId,
  page: textbookNotes.page,
  content: textbookNotes.content,
  createdAt: textbookNotes.createdAt,
  updatedAt: textbookNotes.updatedAt,
};
export function findNotes(db: DbOrTx, userId: number, textbookId: number, page?: number) {
  return db
    .select(noteColumns)
    .from(textbookNotes)
    .where(and(eq(textbookNotes.userId, userId), eq(textbookNotes.textbookId, textbookId), page ? eq(textbookNotes.page, page) : undefined))
    .orderBy(asc(textbookNotes.page), asc(textbookNotes.id));
}
export async function insertNote(db: DbOrTx, v: { textbookId: number; userId: number; page: number; content: string }): Promise<number> {
  return insertRow(db, textbookNotes, v);
}
/** Changes the note only when it is the user's own; answers whether it was. */
export async function updateOwnNote(db: DbOrTx, userId: number, id: number, content: string): Promise<boolean> {
  const rows = await db
    .update(textbookNotes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(textbookNotes.id, id), eq(textbookNotes.userId, userId)))
    .returning({ id: textbookNotes.id });
  return rows.length > 0;
}
export async function deleteOwnNote(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(textbookNotes)
    .where(and(eq(textbookNotes.id, id), eq(textbookNotes.userId, userId)))
    .returning({ id: textbookNotes.id });
  return rows.length > 0;
}

/** The organization path of a textbook (file read rule of managers). */
export async function textbookOrgPath(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ orgPath: organizations.path }).from(textbooks).leftJoin(organizations, eq(organizations.id, textbooks.orgId)).where(eq(textbooks.id, id));
  return row?.orgPath ?? null;
}
