import { and, asc, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { NOTICE_SORT_KEYS, parseSort, type NoticeListQuery, type NoticeMyQuery, type NoticeStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { notices } from './notices.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

const sortColumns = {
  id: notices.id,
  title: notices.title,
  displayTime: notices.displayTime,
  createdAt: notices.createdAt,
  releasedAt: notices.releasedAt,
} as const;

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
export async function findNotices(db: DbOrTx, principal: Principal, q: NoticeListQuery) {
  const where: (SQL | undefined)[] = [alive, inScope(principal, notices.orgId)];
  if (q.type) where.push(eq(notices.type, q.type));
  if (q.status) where.push(eq(notices.status, q.status));
  if (q.keyword) where.push(ilike(notices.title, `%${escapeLike(q.keyword)}%`));
  const cond = and(...where);
  const { key, desc: isDesc } = parseSort(q.sort, NOTICE_SORT_KEYS, 'id');
  const col = sortColumns[key];
  const order = isDesc ? [sql`${col} desc nulls last`, desc(notices.id)] : [asc(col), asc(notices.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(notices)
      .leftJoin(organizations, eq(organizations.id, notices.orgId))
      .leftJoin(users, eq(users.id, notices.createdBy))
      .where(cond)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(notices).where(cond),
  ]);
  return { rows, total: counted!.total };
}

export type NoticeListRow = Awaited<ReturnType<typeof findNotices>>['rows'][number];

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
    db.select({ total: sql<number>`count(*)::int` }).from(notices).where(cond),
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
