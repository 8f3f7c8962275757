import { and, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import { type APP_VERSION_SORT_KEYS, type AppVersionCreate, type AppVersionListQuery, type AppVersionPublicQuery, type AppVersionRow } from '@hanlin/shared';
import { deleteRows, rowExists } from '../../platform/table-rows.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { appVersions } from './app-versions.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { onlyRow } from '../../platform/db/rows.js';

const sortColumns = { createdAt: appVersions.createdAt, version: appVersions.version } as const;

type Row = typeof appVersions.$inferSelect;
const present = (r: Row): AppVersionRow => ({
  id: r.id,
  version: r.version,
  description: r.description,
  terminal: r.terminal,
  platform: r.platform,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The management list: terminal and platform filters, keyword on the version. */
export const appVersionList = defineList({
  name: 'app_version_list',
  table: appVersions,
  tables: ['app_versions'],
  filters: { terminal: (v) => eq(appVersions.terminal, v), platform: (v) => eq(appVersions.platform, v) },
  keyword: (pattern) => ilike(appVersions.version, pattern),
  sort: sortColumns satisfies Record<(typeof APP_VERSION_SORT_KEYS)[number], unknown>,
  defaultSort: { key: 'createdAt', desc: true },
  columns: getTableColumns(appVersions),
});

export async function findAppVersions(lists: ListRuntime, q: AppVersionListQuery) {
  const page = await appVersionList.run(lists, null, q);
  return { ...page, records: page.records.map(present) };
}

/** The public list: the same list, newest first, without a keyword. */
export function findPublicAppVersions(lists: ListRuntime, q: AppVersionPublicQuery) {
  return findAppVersions(lists, { page: q.page, size: q.size, terminal: q.terminal, platform: q.platform, sort: '-createdAt' });
}

export async function getAppVersion(db: DbOrTx, id: number) {
  const [row] = await db.select().from(appVersions).where(eq(appVersions.id, id));
  return row ? present(row) : undefined;
}

/** Whether another version has the same (version, terminal, platform). */
export function versionTaken(db: DbOrTx, v: AppVersionCreate, exceptId?: number) {
  return rowExists(db, appVersions, and(eq(appVersions.version, v.version), eq(appVersions.terminal, v.terminal), eq(appVersions.platform, v.platform)), exceptId);
}

export async function insertAppVersion(db: DbOrTx, v: AppVersionCreate) {
  const row = onlyRow(await db.insert(appVersions).values(v).returning());
  return present(row);
}

export async function updateAppVersion(db: DbOrTx, id: number, v: AppVersionCreate) {
  const [row] = await db
    .update(appVersions)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(appVersions.id, id))
    .returning();
  return row ? present(row) : undefined;
}

export async function deleteAppVersions(db: DbOrTx, ids: number[]) {
  return (await deleteRows(db, appVersions, ids)).length;
}
