import { and, asc, desc, eq, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import { NOTICE_SORT_KEYS, parseSort, type NoticeListQuery, type NoticeMyQuery, type NoticeStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, nullsLast, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
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
};

/** The management list: only notices whose organization lies in the caller's data scope. */
export const noticeList = defineList({
  name: 'notice_list',
  table: notices,
  id: notices.id,
  tables: ['notices', 'organizations'],
  where: alive,
  scope: { column: notices.orgId, nullable: true },
  filters: { type: (v) => eq(notices.type, v), status: (v) => eq(notices.status, v) },
  keyword: (pattern) => ilike(notices.title, pattern),
  // Notices without a time come last either way.
  sort: {
    id: notices.id,
    title: notices.title,
    displayTime: { column: notices.displayTime, order: nullsLast },
    createdAt: notices.createdAt,
    releasedAt: { column: notices.releasedAt, order: nullsLast },
  },
  defaultSort: { key: 'id', desc: true },
  columns: listColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, notices.orgId)).leftJoin(users, eq(users.id, notices.createdBy)),
});

export async function findNotices(lists: ListRuntime, principal: Principal, q: NoticeListQuery) {
  // Unknown keys fall back to the newest first, as before.
  const { key, desc: isDesc } = parseSort(q.sort, NOTICE_SORT_KEYS, 'id');
  const { records, total } = await noticeList.run(lists, principal, { ...q, sort: `${isDesc ? '-' : ''}${key}` });
  return { rows: records as NoticeListRow[], total };
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
  return tx
    .select({ id: notices.id, status: notices.status, displayTime: notices.displayTime, title: notices.title, cover: notices.cover, orgPath: organizations.path })
    .from(notices)
    .leftJoin(organizations, eq(organizations.id, notices.orgId))
    .where(and(inArray(notices.id, ids), alive))
    .orderBy(asc(notices.id))
    .for('update', { of: notices });
}

export async function titleTaken(db: DbOrTx, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.title, title), alive, exceptId ? sql`${notices.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

export async function insertNotice(db: DbOrTx, values: typeof notices.$inferInsert) {
  const [row] = await db.insert(notices).values(values).returning({ id: notices.id });
  return row!.id;
}

/** Conditional UPDATE: changes only rows still in one of `from`; the caller compares the count. */
export async function updateNoticesWhereStatus(db: DbOrTx, ids: number[], from: readonly NoticeStatus[], set: Partial<typeof notices.$inferInsert>) {
  return db
    .update(notices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(notices.id, ids), alive, inArray(notices.status, [...from])))
    .returning({ id: notices.id });
}

/** Released notices students may read: display time reached, newest first. */
export async function findVisibleNotices(db: DbOrTx, q: NoticeMyQuery) {
  const cond = and(alive, eq(notices.status, 'released'), lte(notices.displayTime, sql`now()`));
  const cols = { id: notices.id, title: notices.title, type: notices.type, cover: notices.cover, content: notices.content, displayTime: notices.displayTime };
  const [rows, [counted]] = await Promise.all([
    db
      .select(cols)
      .from(notices)
      .where(cond)
      .orderBy(desc(notices.displayTime), desc(notices.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(notices)
      .where(cond),
  ]);
  return { rows, total: counted!.total };
}

export async function getVisibleNotice(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: notices.id, title: notices.title, type: notices.type, cover: notices.cover, content: notices.content, displayTime: notices.displayTime })
    .from(notices)
    .where(and(eq(notices.id, id), alive, eq(notices.status, 'released'), lte(notices.displayTime, sql`now()`)));
  return row ?? null;
}

/** The organization a new notice belongs to: the creator's own when in scope, else the first scope root. */
export async function orgForNewNotice(db: DbOrTx, principal: Principal): Promise<number | null> {
  if (principal.orgId) {
    const [own] = await db.select({ path: organizations.path }).from(organizations).where(eq(organizations.id, principal.orgId));
    if (own && principal.scopePaths.some((p) => own.path.startsWith(p))) return principal.orgId;
  }
  const first = principal.scopePaths[0];
  const id = first ? Number(first.split('/').filter(Boolean).pop()) : NaN;
  return Number.isSafeInteger(id) ? id : principal.orgId;
}
