import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LEARNING_GROUP_SORT_KEYS, parseSort, type LearningGroupListQuery, type LearningGroupMemberListQuery, type LearningGroupRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { learningGroupMembers, learningGroups } from './learning-groups.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

export type GroupRecord = typeof learningGroups.$inferSelect;

function selectGroups(db: DbOrTx) {
  return db
    .select({
      id: learningGroups.id,
      name: learningGroups.name,
      kind: learningGroups.kind,
      description: learningGroups.description,
      status: learningGroups.status,
      orgId: learningGroups.orgId,
      orgName: organizations.name,
      memberCount: sql<number>`(select count(*)::int from learning_group_members m where m.group_id = "learning_groups"."id")`,
      createdAt: learningGroups.createdAt,
    })
    .from(learningGroups)
    .leftJoin(organizations, eq(organizations.id, learningGroups.orgId));
}

/** One group as the list shows it, if it lies in the caller's scope. */
export async function getGroup(db: DbOrTx, principal: Principal, id: number): Promise<Omit<LearningGroupRow, 'abilities'> | null> {
  const [r] = await selectGroups(db).where(and(eq(learningGroups.id, id), inScope(principal, learningGroups.orgId)));
  return r ? { ...r, createdAt: r.createdAt.toISOString() } : null;
}

export async function findGroups(db: DbOrTx, principal: Principal, q: LearningGroupListQuery) {
  const where: (SQL | undefined)[] = [inScope(principal, learningGroups.orgId)];
  if (q.kind) where.push(eq(learningGroups.kind, q.kind));
  if (q.status) where.push(eq(learningGroups.status, q.status));
  if (q.keyword) where.push(ilike(learningGroups.name, `%${escapeLike(q.keyword)}%`));
  const cond = and(...where);
  const cols = { id: learningGroups.id, name: learningGroups.name, createdAt: learningGroups.createdAt } as const;
  const { key, desc: isDesc } = parseSort(q.sort, LEARNING_GROUP_SORT_KEYS, 'id');
  const dir = isDesc ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    selectGroups(db)
      .where(cond)
      .orderBy(dir(cols[key]), dir(learningGroups.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(learningGroups).where(cond),
  ]);
  const records: Omit<LearningGroupRow, 'abilities'>[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { records, total: total!, page: q.page, size: q.size };
}

export async function findMembers(db: DbOrTx, q: LearningGroupMemberListQuery) {
  const where: (SQL | undefined)[] = [eq(learningGroupMembers.groupId, q.id)];
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(users.username, k), ilike(users.realname, k)));
  }
  const cond = and(...where);
  const [records, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, realname: users.realname, orgId: users.orgId, orgName: organizations.name, status: users.status })
      .from(learningGroupMembers)
      .innerJoin(users, eq(users.id, learningGroupMembers.userId))
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .where(cond)
      .orderBy(asc(learningGroupMembers.createdAt), asc(users.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(learningGroupMembers).innerJoin(users, eq(users.id, learningGroupMembers.userId)).where(cond),
  ]);
  return { records, total: total!, page: q.page, size: q.size };
}

function selectWithPath(db: DbOrTx, ids: number[]) {
  return db
    .select({ group: learningGroups, orgPath: organizations.path })
    .from(learningGroups)
    .innerJoin(organizations, eq(organizations.id, learningGroups.orgId))
    .where(inArray(learningGroups.id, ids));
}

export function getForUpdate(db: DbOrTx, ids: number[]) {
  return selectWithPath(db, ids).for('update', { of: learningGroups });
}

export async function getWithPath(db: DbOrTx, id: number) {
  const [row] = await selectWithPath(db, [id]);
  return row;
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: learningGroups.id })
    .from(learningGroups)
    .where(and(eq(learningGroups.name, name), exceptId ? sql`${learningGroups.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

export async function insertGroup(db: DbOrTx, v: { name: string; kind: string; description: string | null; orgId: number; createdBy: number }) {
  const [row] = await db.insert(learningGroups).values(v).returning({ id: learningGroups.id });
  return row!.id;
}

export async function updateGroup(db: DbOrTx, id: number, set: Partial<Pick<GroupRecord, 'name' | 'kind' | 'description' | 'orgId'>>) {
  await db.update(learningGroups).set({ ...set, updatedAt: new Date() }).where(eq(learningGroups.id, id));
}

export async function haveMembers(db: DbOrTx, ids: number[]) {
  const [row] = await db.select({ g: learningGroupMembers.groupId }).from(learningGroupMembers).where(inArray(learningGroupMembers.groupId, ids)).limit(1);
  return !!row;
}

export async function deleteGroups(db: DbOrTx, ids: number[]) {
  await db.delete(learningGroups).where(inArray(learningGroups.id, ids));
}

export function usersWithPaths(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: users.id, orgPath: organizations.path })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(users.id, ids));
}

export async function addMembers(db: DbOrTx, groupId: number, userIds: number[]) {
  const rows = await db
    .insert(learningGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: learningGroupMembers.userId });
  return rows.length;
}

export async function removeMembers(db: DbOrTx, groupId: number, userIds: number[]) {
  const rows = await db
    .delete(learningGroupMembers)
    .where(and(eq(learningGroupMembers.groupId, groupId), inArray(learningGroupMembers.userId, userIds)))
    .returning({ userId: learningGroupMembers.userId });
  return rows.length;
}
