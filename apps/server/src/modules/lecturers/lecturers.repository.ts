import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type LECTURER_SORT_KEYS, type LecturerDetail, type LecturerInnerUsersQuery, type LecturerListQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { inSubtreeOf } from '../../platform/tree-repository.js';

const sortColumns = { id: lecturers.id, realname: lecturers.realname, username: lecturers.username, feeFen: lecturers.feeFen, createdAt: lecturers.createdAt } as const;

const rowColumns = {
  id: lecturers.id,
  userId: lecturers.userId,
  realname: lecturers.realname,
  username: lecturers.username,
  email: lecturers.email,
  kind: lecturers.kind,
  orgId: lecturers.orgId,
  orgName: organizations.name,
  unit: lecturers.unit,
  title: lecturers.title,
  levelId: lecturers.levelId,
  levelName: teacherLevels.name,
  feeFen: lecturers.feeFen,
  avatar: lecturers.avatar,
  status: lecturers.status,
  certified: lecturers.certified,
  createdAt: lecturers.createdAt,
};

/** The lecturer list: data scope on the organization, filters, keyword on real name or user name. */
export const lecturerList = defineList({
  name: 'lecturer_list',
  table: lecturers,
  tables: ['lecturers', 'organizations', 'teacher_levels'],
  scope: { column: lecturers.orgId },
  filters: {
    kind: (v) => eq(lecturers.kind, v),
    status: (v) => eq(lecturers.status, v),
    certified: (v) => eq(lecturers.certified, v),
    levelId: (v) => eq(lecturers.levelId, v),
    orgId: (v) => inSubtreeOf('organizations', lecturers.orgId, v),
  },
  keyword: (pattern) => sql`(${lecturers.realname} ilike ${pattern} or ${lecturers.username} ilike ${pattern})`,
  sort: sortColumns satisfies Record<(typeof LECTURER_SORT_KEYS)[number], unknown>,
  columns: rowColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, lecturers.orgId)).leftJoin(teacherLevels, eq(teacherLevels.id, lecturers.levelId)),
});

/** Lecturers as the detail shows them: the list's columns, the organization's path, the long fields. */
function selectLecturerDetails(db: DbOrTx) {
  return db
    .select({
      ...rowColumns,
      orgPath: organizations.path,
      introduction: lecturers.introduction,
      certificate: lecturers.certificate,
      machineCode: lecturers.machineCode,
    })
    .from(lecturers)
    .leftJoin(organizations, eq(organizations.id, lecturers.orgId))
    .leftJoin(teacherLevels, eq(teacherLevels.id, lecturers.levelId));
}

/** The export's rows: the list's lecturers (scope and filters) in id order, at most `limit`. */
export function findLecturersForExport(db: DbOrTx, p: Principal, q: Omit<LecturerListQuery, 'page' | 'size' | 'sort'>, limit: number) {
  return selectLecturerDetails(db).where(lecturerList.where(p, q)).orderBy(asc(lecturers.id)).limit(limit);
}

export async function findLecturers(lists: ListRuntime, p: Principal, q: LecturerListQuery) {
  const page = await lecturerList.run(lists, p, q);
  const records = page.records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { ...page, records };
}

export async function getLecturer(db: DbOrTx, id: number): Promise<(Omit<LecturerDetail, 'abilities'> & { orgPath: string | null }) | null> {
  const [row] = await selectLecturerDetails(db).where(eq(lecturers.id, id));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function findLecturersWithPaths(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: lecturers.id, orgPath: organizations.path })
    .from(lecturers)
    .leftJoin(organizations, eq(organizations.id, lecturers.orgId))
    .where(inArray(lecturers.id, ids));
}

/** Locks the lecturers' rows for a state change (in id order). */
export function lockLecturers(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ id: lecturers.id, status: lecturers.status, certified: lecturers.certified })
    .from(lecturers)
    .where(inArray(lecturers.id, ids))
    .orderBy(asc(lecturers.id))
    .for('update');
}

/** Employees in the caller's scope who are not lecturers yet (the picker of internal lecturers). */
export const innerUserList = defineList({
  name: 'lecturer_inner_user_list',
  table: users,
  tables: ['users', 'organizations', 'lecturers'],
  where: and(eq(users.kind, 'employee'), eq(users.status, 'normal'), sql`not exists (select 1 from lecturers l where l.user_id = ${users.id})`),
  scope: { column: users.orgId },
  keyword: (pattern) => sql`(${users.username} ilike ${pattern} or ${users.realname} ilike ${pattern})`,
  sort: { id: users.id },
  defaultSort: { key: 'id', desc: false },
  columns: { id: users.id, username: users.username, realname: users.realname, email: users.email, orgId: users.orgId, orgName: organizations.name },
  join: (q) => q.leftJoin(organizations, eq(organizations.id, users.orgId)),
});

export async function findInnerUsers(lists: ListRuntime, p: Principal, q: LecturerInnerUsersQuery) {
  return innerUserList.run(lists, p, { page: q.page, size: q.size, keyword: q.keyword });
}

export async function listLevels(db: DbOrTx) {
  return db
    .select({
      id: teacherLevels.id,
      name: teacherLevels.name,
      sort: teacherLevels.sort,
      lecturerCount: sql<number>`(select count(*)::int from lecturers l where l.level_id = ${teacherLevels.id})`,
    })
    .from(teacherLevels)
    .orderBy(asc(teacherLevels.sort), asc(teacherLevels.id));
}
