import { and, asc, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { BANNER_SORT_KEYS, parseSort, type BannerListQuery, type BannerStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, nullsLast, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { banners } from './banners.schema.js';

const rowColumns = {
  id: banners.id,
  title: banners.title,
  image: banners.image,
  link: banners.link,
  sort: banners.sort,
  startAt: banners.startAt,
  endAt: banners.endAt,
  status: banners.status,
  orgId: banners.orgId,
  orgName: organizations.name,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
};

/** The management list: banners whose organization lies in the caller's data scope. */
export const bannerList = defineList({
  name: 'banner_list',
  table: banners,
  tables: ['banners', 'organizations'],
  scope: { column: banners.orgId, nullable: true },
  filters: { status: (v) => eq(banners.status, v) },
  keyword: (pattern) => ilike(banners.title, pattern),
  sort: {
    id: banners.id,
    sort: banners.sort,
    title: banners.title,
    startAt: { column: banners.startAt, order: nullsLast },
    createdAt: banners.createdAt,
  },
  defaultSort: { key: 'sort', desc: false },
  columns: rowColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, banners.orgId)),
});

export type BannerListRow = Omit<NonNullable<Awaited<ReturnType<typeof getBannerRow>>>, 'orgPath'>;

export async function findBanners(lists: ListRuntime, principal: Principal, q: BannerListQuery) {
  const { key, desc } = parseSort(q.sort ?? 'sort', BANNER_SORT_KEYS, 'sort');
  const { records, total } = await bannerList.run(lists, principal, { ...q, sort: `${desc ? '-' : ''}${key}` });
  return { rows: records, total };
}

export async function getBannerRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...rowColumns, orgPath: organizations.path })
    .from(banners)
    .leftJoin(organizations, eq(organizations.id, banners.orgId))
    .where(eq(banners.id, id));
  return row ?? null;
}

/** Locks the banners among `ids` for a change, with their organization path for the scope check. */
export async function lockBanners(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, banners, ids, ['status', 'image', 'startAt', 'endAt']);
}

export async function insertBanner(db: DbOrTx, values: typeof banners.$inferInsert) {
  return insertRow(db, banners, values);
}

/** Conditional UPDATE: changes only rows still in one of `from`; the caller compares the count. */
export async function updateBannersWhereStatus(db: DbOrTx, ids: number[], from: readonly BannerStatus[], set: Partial<typeof banners.$inferInsert>) {
  return db
    .update(banners)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(banners.id, ids), inArray(banners.status, [...from])))
    .returning({ id: banners.id });
}

export async function deleteBannersWhereStatus(db: DbOrTx, ids: number[], from: readonly BannerStatus[]) {
  return db
    .delete(banners)
    .where(and(inArray(banners.id, ids), inArray(banners.status, [...from])))
    .returning({ id: banners.id });
}

/** Released banners whose display period covers now, in sort order (at most `limit`). */
export async function findCurrentBanners(db: DbOrTx, limit: number) {
  const now = sql`now()`;
  return db
    .select({ id: banners.id, title: banners.title, image: banners.image, link: banners.link })
    .from(banners)
    .where(and(eq(banners.status, 'released'), or(isNull(banners.startAt), lte(banners.startAt, now)), or(isNull(banners.endAt), gt(banners.endAt, now))))
    .orderBy(asc(banners.sort), asc(banners.id))
    .limit(limit);
}
