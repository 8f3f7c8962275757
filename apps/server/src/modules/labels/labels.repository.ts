import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type LABEL_SORT_KEYS, type LabelCategoryListQuery, type LabelCategoryRow, type LabelKind, type LabelListQuery, type LabelRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, lockRows, rowExists, updateRow } from '../../platform/table-rows.js';
import { AppError } from '../../platform/errors.js';
import { labelCategories, labels } from './labels.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';

export type CategoryRecord = typeof labelCategories.$inferSelect;
export type LabelRecord = typeof labels.$inferSelect;

export const categoryList = defineList({
  name: 'label_category_list',
  table: labelCategories,
  tables: ['label_categories'],
  filters: { kind: (v) => eq(labelCategories.kind, v) },
  keyword: (pattern) => ilike(labelCategories.name, pattern),
  sort: { id: labelCategories.id, name: labelCategories.name, createdAt: labelCategories.createdAt } satisfies Record<(typeof LABEL_SORT_KEYS)[number], unknown>,
  columns: {
    id: labelCategories.id,
    name: labelCategories.name,
    kind: labelCategories.kind,
    labelCount: sql<number>`(select count(*)::int from labels l where l.category_id = "label_categories"."id")`,
    createdAt: labelCategories.createdAt,
  },
});

export async function findCategories(lists: ListRuntime, q: LabelCategoryListQuery) {
  const page = await categoryList.run(lists, null, q);
  const records: Omit<LabelCategoryRow, 'abilities'>[] = page.records.map((r) => ({ ...r, kind: r.kind, createdAt: r.createdAt.toISOString() }));
  return { ...page, records };
}

export const labelList = defineList({
  name: 'label_list',
  table: labels,
  tables: ['labels', 'label_categories'],
  filters: {
    categoryId: (v) => eq(labels.categoryId, v),
    kind: (v) => sql`${labels.categoryId} in (select c.id from label_categories c where c.kind = ${v})`,
  },
  keyword: (pattern) => ilike(labels.name, pattern),
  sort: { id: labels.id, name: labels.name, createdAt: labels.createdAt } satisfies Record<(typeof LABEL_SORT_KEYS)[number], unknown>,
  columns: { id: labels.id, name: labels.name, categoryId: labels.categoryId, categoryName: labelCategories.name, kind: labelCategories.kind, createdAt: labels.createdAt },
  join: (q) => q.innerJoin(labelCategories, eq(labelCategories.id, labels.categoryId)),
});

export async function findLabels(lists: ListRuntime, q: LabelListQuery) {
  const page = await labelList.run(lists, null, q);
  const records: Omit<LabelRow, 'abilities'>[] = page.records.map((r) => ({ ...r, kind: r.kind, createdAt: r.createdAt.toISOString() }));
  return { ...page, records };
}

export async function options(db: DbOrTx, kind: LabelKind) {
  const rows = await db
    .select({ categoryId: labelCategories.id, categoryName: labelCategories.name, id: labels.id, name: labels.name })
    .from(labelCategories)
    .leftJoin(labels, eq(labels.categoryId, labelCategories.id))
    .where(eq(labelCategories.kind, kind))
    .orderBy(asc(labelCategories.sort), asc(labelCategories.id), asc(labels.sort), asc(labels.id));
  const out: { id: number; name: string; labels: { id: number; name: string }[] }[] = [];
  for (const r of rows) {
    let cat = out[out.length - 1];
    if (!cat || cat.id !== r.categoryId) out.push((cat = { id: r.categoryId, name: r.categoryName, labels: [] }));
    // A label row (left-joined): its id and name are both there.
    if (r.id != null && r.name != null) cat.labels.push({ id: r.id, name: r.name });
  }
  return out;
}

export async function getCategory(db: DbOrTx, id: number) {
  const [row] = await db.select().from(labelCategories).where(eq(labelCategories.id, id));
  return row;
}
export async function categoryNameTaken(db: DbOrTx, name: string, exceptId?: number) {
  return rowExists(db, labelCategories, eq(labelCategories.name, name), exceptId);
}
export async function insertCategory(db: DbOrTx, v: { name: string; kind: LabelKind }) {
  return insertRow(db, labelCategories, v);
}
export async function updateCategory(db: DbOrTx, id: number, set: Partial<Pick<CategoryRecord, 'name' | 'kind'>>) {
  await updateRow(db, labelCategories, id, set);
}
export function getCategoriesForUpdate(db: DbOrTx, ids: number[]) {
  return lockRows(db, labelCategories, ids);
}
export async function categoriesHaveLabels(db: DbOrTx, ids: number[]) {
  const [row] = await db.select({ id: labels.id }).from(labels).where(inArray(labels.categoryId, ids)).limit(1);
  return !!row;
}

export async function getLabel(db: DbOrTx, id: number) {
  const [row] = await db.select().from(labels).where(eq(labels.id, id));
  return row;
}
export async function labelNameTaken(db: DbOrTx, categoryId: number, name: string, exceptId?: number) {
  return rowExists(db, labels, and(eq(labels.categoryId, categoryId), eq(labels.name, name)), exceptId);
}
export async function insertLabel(db: DbOrTx, v: { categoryId: number; name: string }) {
  return insertRow(db, labels, v);
}
export async function updateLabel(db: DbOrTx, id: number, set: Partial<Pick<LabelRecord, 'name' | 'categoryId'>>) {
  await updateRow(db, labels, id, set);
}
export function getLabelsForUpdate(db: DbOrTx, ids: number[]) {
  return lockRows(db, labels, ids);
}

/** Labels with their category kind, for modules attaching labels to their objects. */
export function labelsWithKind(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: labels.id, name: labels.name, kind: labelCategories.kind })
    .from(labels)
    .innerJoin(labelCategories, eq(labelCategories.id, labels.categoryId))
    .where(inArray(labels.id, ids));
}

/**
 * Labels attached to an object must come from the catalogue, from a category of the object's kind
 * (positions: `job`, users: `user`); otherwise PARAMETER_INVALID naming the field.
 */
export async function requireLabelsOfKind(db: DbOrTx, ids: number[], kind: LabelKind, field: string) {
  const found = await labelsWithKind(db, ids);
  if (found.length !== ids.length || found.some((l) => l.kind !== kind))
    throw new AppError('PARAMETER_INVALID', { field, data: { ids: ids.filter((id) => !found.some((l) => l.id === id && l.kind === kind)) } });
}
