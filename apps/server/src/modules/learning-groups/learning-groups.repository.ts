import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type LEARNING_GROUP_SORT_KEYS, type LearningGroupListQuery, type LearningGroupMemberListQuery, type LearningGroupRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, rowExists, updateRow } from '../../platform/table-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { learningGroupMembers, learningGroups } from './learning-groups.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';

export type GroupRecord = typeof learningGroups.$inferSelect;

const groupColumns = {
  id: learningGroups.id,
  name: learningGroups.name,
  kind: learningGroups.kind,
  description: learningGroups.description,
  status: learningGroups.status,
  orgId: learningGroups.orgId,
  orgName: organizations.name,
  memberCount: sql<number>`(select count(*)::int from learning_group_members m where m.group_id = "learning_groups"."id")`,
  createdAt: learningGroups.createdAt,
};

function selectGroups(db: DbOrTx) {
  return db.select(groupColumns).from(learningGroups).leftJoin(organizations, eq(organizations.id, learningGroups.orgId));
}

/** One group as the list shows it, if it lies in the caller's scope. */
export async function getGroup(db: DbOrTx, principal: Principal, id: number): Promise<Omit<LearningGroupRow, 'abilities'> | null> {
  const [r] = await selectGroups(db).where(and(eq(learningGroups.id, id), inScope(principal, learningGroups.orgId)));
  return r ? { ...r, createdAt: r.createdAt.toISOString() } : null;
}

/** The learning-group list: data scope on the organization, kind and status filters, keyword on the name. */
export const groupList = defineList({
  name: 'learning_group_list',
  table: learningGroups,
  tables: ['learning_groups', 'organizations'],
  scope: { column: learningGroups.orgId },
  filters: { kind: (v) => eq(learningGroups.kind, v), status: (v) => eq(learningGroups.status, v) },
  keyword: (pattern) => ilike(learningGroups.name, pattern),
  sort: { id: learningGroups.id, name: learningGroups.name, createdAt: learningGroups.createdAt } satisfies Record<(typeof LEARNING_GROUP_SORT_KEYS)[number], unknown>,
  columns: groupColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, learningGroups.orgId)),
});

export async function findGroups(lists: ListRuntime, principal: Principal, q: LearningGroupListQuery) {
  const page = await groupList.run(lists, principal, q);
  const records = page.records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { ...page, records };
}

/** A group's members in the order they joined; keyword on the user name and real name. */
export const memberList = defineList({
  name: 'learning_group_member_list',
  table: learningGroupMembers,
  tables: ['learning_group_members', 'users', 'organizations'],
  filters: { id: (v) => eq(learningGroupMembers.groupId, v) },
  keyword: (pattern) => sql`exists (select 1 from users u where u.id = ${learningGroupMembers.userId} and (u.username ilike ${pattern} or u.realname ilike ${pattern}))`,
  sort: {},
  defaultSort: [asc(learningGroupMembers.createdAt), asc(learningGroupMembers.userId)],
  columns: { id: users.id, username: users.username, realname: users.realname, orgId: users.orgId, orgName: organizations.name, status: users.status },
  join: (q) => q.innerJoin(users, eq(users.id, learningGroupMembers.userId)).leftJoin(organizations, eq(organizations.id, users.orgId)),
});

/** One page of a group's members (any `sort` is ignored, as before). */
export const findMembers = (lists: ListRuntime, q: LearningGroupMemberListQuery) => memberList.run(lists, null, { ...q, sort: undefined });

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
  return rowExists(db, learningGroups, eq(learningGroups.name, name), exceptId);
}

export async function insertGroup(db: DbOrTx, v: { name: string; kind: string; description: string | null; orgId: number; createdBy: number }) {
  return insertRow(db, learningGroups, v);
}

export async function updateGroup(db: DbOrTx, id: number, set: Partial<Pick<GroupRecord, 'name' | 'kind' | 'description' | 'orgId'>>) {
  await updateRow(db, learningGroups, id, set);
}

export async function haveMembers(db: DbOrTx, ids: number[]) {
  const [row] = await db.select({ g: learningGroupMembers.groupId }).from(learningGroupMembers).where(inArray(learningGroupMembers.groupId, ids)).limit(1);
  return !!row;
}

export async function deleteGroups(db: DbOrTx, ids: number[]) {
  await db.delete(learningGroups).where(inArray(learningGroups.id, ids));
}

export function usersWithPaths(db: DbOrTx, ids: number[]) {
  return db.select({ id: users.id, orgPath: organizations.path }).from(users).leftJoin(organizations, eq(organizations.id, users.orgId)).where(inArray(users.id, ids));
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
