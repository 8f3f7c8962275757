import { and, asc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import { type DICT_SORT_KEYS, type DictEntryRow, type DictListQuery, type DictOption, type DictTypeRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { deleteRows, insertRow, updateRow } from '../../platform/table-rows.js';
import { dictEntries, dictTypes } from './dict.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { onlyRow } from '../../platform/db/rows.js';

const sortColumns = {
  id: dictEntries.id,
  type: dictEntries.type,
  label: dictEntries.label,
  value: dictEntries.value,
  sort: dictEntries.sort,
  createdAt: dictEntries.createdAt,
} as const;

type Entry = typeof dictEntries.$inferSelect;
export const presentEntry = (r: Entry): Omit<DictEntryRow, 'abilities'> => ({
  id: r.id,
  type: r.type,
  label: r.label,
  value: r.value,
  sort: r.sort,
  remark: r.remark,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The dictionary list; without `sort` it reads like the dropdowns: by type, then display order. */
export const dictList = defineList({
  name: 'dict_list',
  table: dictEntries,
  tables: ['dict_entries'],
  filters: { type: (v) => eq(dictEntries.type, v), status: (v) => eq(dictEntries.status, v) },
  keyword: (pattern) => or(ilike(dictEntries.label, pattern), ilike(dictEntries.value, pattern)),
  sort: sortColumns satisfies Record<(typeof DICT_SORT_KEYS)[number], unknown>,
  defaultSort: [asc(dictEntries.type), asc(dictEntries.sort)],
  columns: getTableColumns(dictEntries),
});

export async function findDictEntries(lists: ListRuntime, q: DictListQuery) {
  const page = await dictList.run(lists, null, q);
  return { ...page, records: page.records.map(presentEntry) };
}

export async function findOptionsByType(db: DbOrTx, type: string): Promise<DictOption[]> {
  return db
    .select({ id: dictEntries.id, label: dictEntries.label, value: dictEntries.value, sort: dictEntries.sort })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), eq(dictEntries.status, 'normal')))
    .orderBy(asc(dictEntries.sort), asc(dictEntries.id));
}

export async function getEntry(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(dictEntries).where(eq(dictEntries.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Another entry of the same type already using this value or label (`field` names which). */
export async function findClash(db: DbOrTx, type: string, value: string, label: string, exceptId?: number) {
  const rows = await db
    .select({ id: dictEntries.id, value: dictEntries.value, label: dictEntries.label })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), or(eq(dictEntries.value, value), eq(dictEntries.label, label)), exceptId ? sql`${dictEntries.id} <> ${exceptId}` : undefined))
    .limit(2);
  if (rows.some((r) => r.value === value)) return 'value';
  if (rows.some((r) => r.label === label)) return 'label';
  return null;
}

export async function insertEntry(db: DbOrTx, values: typeof dictEntries.$inferInsert) {
  const row = onlyRow(await db.insert(dictEntries).values(values).returning());
  return row;
}

export async function updateEntry(db: DbOrTx, id: number, values: Partial<typeof dictEntries.$inferInsert>) {
  const row = onlyRow(
    await db
      .update(dictEntries)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(dictEntries.id, id))
      .returning(),
  );
  return row;
}

/** The entries, locked for a state change (ids that do not exist are missing). */
export function lockEntries(db: DbOrTx, ids: number[]) {
  return db.select({ id: dictEntries.id, status: dictEntries.status }).from(dictEntries).where(inArray(dictEntries.id, ids)).for('update');
}

export const deleteEntries = (db: DbOrTx, ids: number[]) => deleteRows(db, dictEntries, ids);

// ---- Types ----

export async function findTypes(db: DbOrTx): Promise<DictTypeRow[]> {
  const rows = await db
    .select({
      id: dictTypes.id,
      code: dictTypes.code,
      name: dictTypes.name,
      sort: dictTypes.sort,
      remark: dictTypes.remark,
      builtin: dictTypes.builtin,
      entryCount: sql<number>`(select count(*)::int from ${dictEntries} where ${dictEntries.type} = ${dictTypes.code})`,
    })
    .from(dictTypes)
    .orderBy(asc(dictTypes.sort), asc(dictTypes.id));
  return rows;
}

export async function getType(db: DbOrTx, id: number) {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.id, id)).for('update');
  return row ?? null;
}

export const typeExists = async (db: DbOrTx, code: string) => (await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, code))).length > 0;

/** Another type already using this code or name (`field` names which). */
export async function findTypeClash(db: DbOrTx, code: string | null, name: string, exceptId?: number) {
  const rows = await db
    .select({ code: dictTypes.code, name: dictTypes.name })
    .from(dictTypes)
    .where(and(or(code === null ? undefined : eq(dictTypes.code, code), eq(dictTypes.name, name)), exceptId ? sql`${dictTypes.id} <> ${exceptId}` : undefined));
  if (code !== null && rows.some((r) => r.code === code)) return 'code';
  if (rows.some((r) => r.name === name)) return 'name';
  return null;
}

export async function insertType(db: DbOrTx, values: typeof dictTypes.$inferInsert) {
  return insertRow(db, dictTypes, values);
}

export async function updateType(db: DbOrTx, id: number, values: Partial<typeof dictTypes.$inferInsert>) {
  await updateRow(db, dictTypes, id, values);
}

/** The types, locked, with whether each holds entries. */
export function lockTypes(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: dictTypes.id, builtin: dictTypes.builtin, hasEntries: sql<boolean>`exists (select 1 from ${dictEntries} where ${dictEntries.type} = ${dictTypes.code})` })
    .from(dictTypes)
    .where(inArray(dictTypes.id, ids))
    .for('update');
}

export const deleteTypes = (db: DbOrTx, ids: number[]) => db.delete(dictTypes).where(inArray(dictTypes.id, ids));

/** The normal values of a type among those given. */
export async function knownValues(db: DbOrTx, type: string, values: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ value: dictEntries.value })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), eq(dictEntries.status, 'normal'), inArray(dictEntries.value, values)));
  return new Set(rows.map((r) => r.value));
}

/** Normal entries of a type whose value or label is one of `texts`: text → stored value (a value beats another entry's label). */
export async function valuesByValueOrLabel(db: DbOrTx, type: string, texts: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!texts.length) return out;
  const rows = await db
    .select({ value: dictEntries.value, label: dictEntries.label })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), eq(dictEntries.status, 'normal'), or(inArray(dictEntries.value, texts), inArray(dictEntries.label, texts))));
  for (const r of rows) if (!out.has(r.label)) out.set(r.label, r.value);
  for (const r of rows) out.set(r.value, r.value);
  return out;
}

/** Labels of the given values of a type (whatever their state: a frozen entry still names what users hold). */
export async function labelsOfValues(db: DbOrTx, type: string, values: string[]): Promise<Map<string, string>> {
  if (!values.length) return new Map();
  const rows = await db
    .select({ value: dictEntries.value, label: dictEntries.label })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), inArray(dictEntries.value, values)));
  return new Map(rows.map((r) => [r.value, r.label]));
}

/** Entries with what a use check needs, locked when asked. */
export async function entriesOf(db: DbOrTx, ids: number[], lock = false) {
  if (!ids.length) return [];
  const q = db.select({ id: dictEntries.id, type: dictEntries.type, value: dictEntries.value }).from(dictEntries).where(inArray(dictEntries.id, ids));
  return lock ? q.for('update') : q;
}
