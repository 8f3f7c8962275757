import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { TEACHER_LEVELS_MAX, type LecturerInsert, type LecturerUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pathInScope } from '../../platform/scope.js';
import { findOrgPaths, users } from '../users/index.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './lecturers.repository.js';

const blank = <T>(v: T | '' | undefined) => (v === '' ? null : v);

/** Advisory lock key serializing changes to the number of teacher levels. */
const LEVELS_LOCK = 7243101;

export function createLecturersService({ db, lists }: { db: Db; lists: ListRuntime }) {
  async function assertOrgInScope(p: Principal, orgId: number) {
    const [org] = await findOrgPaths(db, [orgId]);
    if (!org) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
    if (!pathInScope(p, org.path)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'orgId', data: { beyond: [orgId] } });
  }

  async function assertLecturersInScope(p: Principal, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findLecturersWithPaths(db, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids', data: { ids: missing } });
    const beyond = rows.filter((r) => !r.orgPath || !pathInScope(p, r.orgPath)).map((r) => r.id);
    if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'ids', data: { beyond } });
    return unique;
  }

  /** Shared checks of insert and update: kind/account pairing, level, uniqueness. */
  async function checkFields(kind: string, input: Partial<LecturerInsert>, selfId?: number) {
    if (input.userId != null) {
      if (kind !== 'internal') throw new AppError('PARAMETER_INVALID', { field: 'userId' });
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!u) throw new AppError('NOT_FOUND_ERROR', { field: 'userId' });
      const [taken] = await db
        .select({ id: lecturers.id })
        .from(lecturers)
        .where(and(eq(lecturers.userId, input.userId), selfId ? ne(lecturers.id, selfId) : undefined));
      if (taken) throw new AppError('DUPLICATE_LECTURER', { field: 'userId' });
    }
    if (input.levelId != null) {
      const [lvl] = await db.select({ id: teacherLevels.id }).from(teacherLevels).where(eq(teacherLevels.id, input.levelId));
      if (!lvl) throw new AppError('NOT_FOUND_ERROR', { field: 'levelId' });
    }
    if (input.username) {
      const [dup] = await db
        .select({ id: lecturers.id })
        .from(lecturers)
        .where(and(sql`lower(${lecturers.username}) = lower(${input.username})`, selfId ? ne(lecturers.id, selfId) : undefined));
      if (dup) throw new AppError('DUPLICATE_LECTURER', { field: 'username' });
    }
  }

  const columns = (i: Partial<LecturerInsert>) => {
    const out: Partial<typeof lecturers.$inferInsert> = {};
    const keys = ['userId', 'realname', 'username', 'kind', 'orgId', 'levelId', 'feeFen'] as const;
    for (const k of keys) if (i[k] !== undefined) (out as Record<string, unknown>)[k] = i[k];
    const texts = ['email', 'unit', 'title', 'avatar', 'introduction', 'certificate', 'machineCode'] as const;
    for (const k of texts) if (i[k] !== undefined) (out as Record<string, unknown>)[k] = blank(i[k]);
    return out;
  };

  async function setStatus(p: Principal, ids: number[], set: Partial<typeof lecturers.$inferInsert>) {
    const unique = await assertLecturersInScope(p, ids);
    await db.update(lecturers).set({ ...set, updatedAt: sql`now()` }).where(inArray(lecturers.id, unique));
    return null;
  }

  return {
    list: repo.findLecturers.bind(null, lists),
    innerUsers: repo.findInnerUsers.bind(null, db),

    async get(p: Principal, id: number) {
      const row = await repo.getLecturer(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      if (!row.orgPath || !pathInScope(p, row.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR');
      const { orgPath: _omit, ...detail } = row;
      return detail;
    },

    async insert(p: Principal, input: LecturerInsert) {
      await assertOrgInScope(p, input.orgId);
      await checkFields(input.kind, input);
      const [row] = await db.insert(lecturers).values({ ...columns(input), realname: input.realname, username: input.username, kind: input.kind, orgId: input.orgId }).returning({ id: lecturers.id });
      return { id: row!.id };
    },

    async update(p: Principal, input: LecturerUpdate) {
      const { id, ...rest } = input;
      await assertLecturersInScope(p, [id]);
      if (rest.orgId !== undefined) await assertOrgInScope(p, rest.orgId);
      const [current] = await db.select({ kind: lecturers.kind, userId: lecturers.userId }).from(lecturers).where(eq(lecturers.id, id));
      const kind = rest.kind ?? current!.kind;
      // Turning a lecturer external drops the link to an account.
      if (kind === 'external' && rest.userId === undefined && current!.userId != null) rest.userId = null;
      await checkFields(kind, rest, id);
      await db.update(lecturers).set({ ...columns(rest), updatedAt: sql`now()` }).where(eq(lecturers.id, id));
      return null;
    },

    async remove(p: Principal, ids: number[]) {
      const unique = await assertLecturersInScope(p, ids);
      await db.delete(lecturers).where(inArray(lecturers.id, unique));
      return null;
    },

    freeze: (p: Principal, ids: number[]) => setStatus(p, ids, { status: 'frozen' }),
    unfreeze: (p: Principal, ids: number[]) => setStatus(p, ids, { status: 'normal' }),
    certify: (p: Principal, ids: number[], certified: boolean) => setStatus(p, ids, { certified }),

    levels: () => repo.listLevels(db),

    async insertLevel(input: { name: string; sort: number }) {
      return db.transaction(async (tx) => {
        // Concurrent inserts must not pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(${LEVELS_LOCK})`);
        const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from teacher_levels`)).rows as [{ n: number }];
        if (n >= TEACHER_LEVELS_MAX) throw new AppError('LIMIT_EXCEEDED', { data: { max: TEACHER_LEVELS_MAX } });
        const [dup] = await tx.select({ id: teacherLevels.id }).from(teacherLevels).where(sql`lower(${teacherLevels.name}) = lower(${input.name})`);
        if (dup) throw new AppError('DUPLICATE_DATA', { field: 'name' });
        const [row] = await tx.insert(teacherLevels).values(input).returning({ id: teacherLevels.id });
        return { id: row!.id };
      });
    },

    async updateLevel(input: { id: number; name?: string; sort?: number }) {
      const { id, ...set } = input;
      const [lvl] = await db.select({ id: teacherLevels.id }).from(teacherLevels).where(eq(teacherLevels.id, id));
      if (!lvl) throw new AppError('NOT_FOUND_ERROR');
      if (set.name) {
        const [dup] = await db
          .select({ id: teacherLevels.id })
          .from(teacherLevels)
          .where(and(sql`lower(${teacherLevels.name}) = lower(${set.name})`, ne(teacherLevels.id, id)));
        if (dup) throw new AppError('DUPLICATE_DATA', { field: 'name' });
      }
      await db.update(teacherLevels).set({ ...set, updatedAt: sql`now()` }).where(eq(teacherLevels.id, id));
      return null;
    },

    async removeLevel(id: number) {
      const [lvl] = await db.select({ id: teacherLevels.id }).from(teacherLevels).where(eq(teacherLevels.id, id));
      if (!lvl) throw new AppError('NOT_FOUND_ERROR');
      const [used] = await db.select({ id: lecturers.id }).from(lecturers).where(eq(lecturers.levelId, id)).limit(1);
      if (used) throw new AppError('IN_USE_LEVEL');
      await db.delete(teacherLevels).where(eq(teacherLevels.id, id));
      return null;
    },
  };
}
export type LecturersService = ReturnType<typeof createLecturersService>;
