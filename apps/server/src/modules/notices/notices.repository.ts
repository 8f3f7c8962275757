import { and, asc, desc, eq, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import { NOTICE_AUDIENCE, NOTICE_SORT_KEYS, parseSort, type NoticeListQuery, type NoticeMyQuery, type NoticeStatus } from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, rowExists } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, nullsLast, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { inAudience } from '../audiences/index.js';
import { notices } from './notices.schema.js';

const alive = isNull(notices.deletedAt);

const listColumns = {
  id: notices.id,
  title: notices.title,
  type: notices.type,
  cover: notices.cover,
  content: notices.content,
  displayTime: notices.displayTime,
  status: notices.status,
  orgId: notices.orgId,
  orgName: organizations.name,
  createdBy: notices.createdBy,
  creatorName: users.realname,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
  releasedAt: notices.releasedAt,
  sort: notices.sort,
  pinned: notices.pinned,
};

/** The management list: only notices whose organization lies in the caller's data scope. */
export const noticeList = defineList({
  name: 'notice_list',
  table: notices,
  tables: ['notices', 'organizations'],
  where: alive,
  scope: { column: notices.orgId, nullable: true },
  filters: { type: (v) => eq(notices.type, v), status: (v) => eq(notices.status, v) },
  keyword: (pattern) => ilike(notices.title, pattern),
  // Notices without a time come last either way.
  sort: {
    id: notices.id,
    title: notices.title,
    sort: notices.sort,
    displayTime: { column: notices.displayTime, order: nullsLast },
    createdAt: notices.createdAt,
    releasedAt: { column: notices.releasedAt, order: nullsLast },
  },
  columns: listColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, notices.orgId)).leftJoin(users, eq(users.id, notices.createdBy)),
});

export async function findNotices(lists: ListRuntime, principal: Principal, q: NoticeListQuery) {
  // Unknown keys fall back to the newest first, as before.
  const { key, desc: isDesc } = parseSort(q.sort, NOTICE_SORT_KEYS, 'id');
  const { records, total } = await noticeList.run(lists, principal, { ...q, sort: `${isDesc ? '-' : ''}${key}` });
  return { rows: records, total };
}

/** A row of the list (organization and creator left-joined). */
export type NoticeListRow = Omit<NonNullable<Awaited<ReturnType<typeof getNoticeRow>>>, 'orgPath'>;

export async function getNoticeRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...listColumns, orgPath: organizations.path })
    .from(notices)
    .leftJoin(organizations, eq(organizations.id, notices.orgId))
    .leftJoin(users, eq(users.id, notices.createdBy))
    .where(and(eq(notices.id, id), alive));
  return row ?? null;
}

/** Locks the live notices among `ids` for a change, with their organization path for the scope check. */
export async function lockNotices(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, notices, ids, ['status', 'displayTime', 'title', 'cover', 'content', 'pinned'], { where: alive });
}

export async function titleTaken(db: DbOrTx, title: string, exceptId?: number): Promise<boolean> {
  return rowExists(db, notices, and(eq(notices.title, title), alive), exceptId);
}

export async function insertNotice(db: DbOrTx, values: typeof notices.$inferInsert) {
  return insertRow(db, notices, values);
}

/** Conditional UPDATE: changes only rows still in one of `from`; the caller compares the count. */
export async function updateNoticesWhereStatus(db: DbOrTx, ids: number[], from: readonly NoticeStatus[], set: Partial<typeof notices.$inferInsert>) {
  return db
    .update(notices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(notices.id, ids), alive, inArray(notices.status, [...from])))
    .returning({ id: notices.id });
}

/** Sets the pinned flag or the sort number of live notices (any state); answers the changed ids. */
export async function setNoticeFields(db: DbOrTx, ids: number[], set: { pinned?: boolean; sort?: number }) {
  return db
    .update(notices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(notices.id, ids), alive))
    .returning({ id: notices.id });
}

const { id, title, type, cover, content, displayTime, pinned } = listColumns;
const publicColumns = { id, title, type, cover, content, displayTime, pinned };

/** A notice a portal user may read: released, display time reached, and the user in its audience. */
const visibleTo = (userId: number) =>
  and(alive, eq(notices.status, 'released'), lte(notices.displayTime, sql`now()`), inAudience(NOTICE_AUDIENCE, notices.id, sql`${userId}::int`));

/** The notices a user may read: pinned first, then by sort number, then the newest. */
export async function findVisibleNotices(db: DbOrTx, userId: number, q: NoticeMyQuery) {
  const cond = visibleTo(userId);
  return pageWithTotal(
    db.select(publicColumns).from(notices).where(cond).orderBy(desc(notices.pinned), asc(notices.sort), desc(notices.displayTime), desc(notices.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(cond),
    q,
  );
}

export async function getVisibleNotice(db: DbOrTx, id: number, userId: number) {
  const [row] = await db
    .select(publicColumns)
    .from(notices)
    .where(and(eq(notices.id, id), visibleTo(userId)));
  return row ?? null;
}
