import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  certificationOf,
  definedOf,
  LECTURER_CERTIFICATION,
  LECTURER_LIFECYCLE,
  TEACHER_LEVELS_MAX,
  type LecturerAbilities,
  type LecturerInsert,
  type LecturerListQuery,
  type LecturerRow,
  type LecturerUpdate,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { requireAllInScope, requireInScope, requireOrgsInScope } from '../../platform/scope.js';
import { users } from '../users/index.js';
import { xactLock } from '../../platform/locks.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './lecturers.repository.js';
import { abilitiesOf, applyTransition, freezeAbilityCodes } from '../../platform/lifecycle.js';
import { onlyRow } from '../../platform/db/rows.js';

type LecturerStatus = (typeof LECTURER_LIFECYCLE.states)[number];
const ABILITY_CODES: Record<keyof LecturerAbilities, string> = { ...freezeAbilityCodes('jsgl'), certify: 'jsgl:approve', uncertify: 'jsgl:approve' };

/** What the status and the certification allow, narrowed by the caller's codes. */
function withAbilities<R extends { status: string; certified: boolean }>(p: Principal, r: R): R & { abilities: LecturerAbilities } {
  const byState = { ...LECTURER_LIFECYCLE.abilities(r.status as LecturerStatus), ...LECTURER_CERTIFICATION.commandAbilities(certificationOf(r.certified)) };
  return { ...r, abilities: abilitiesOf(byState, p.permissions, ABILITY_CODES) };
}

const blank = <T>(v: T | '' | undefined) => (v === '' ? null : v);

export function createLecturersService({ db, lists }: { db: Db; lists: ListRuntime }) {
  async function assertLecturersInScope(p: Principal, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findLecturersWithPaths(db, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids', data: { ids: missing } });
    requireAllInScope(p, rows, { field: 'ids' });
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
    const { userId, realname, username, kind, orgId, levelId, feeFen } = i;
    const out: Partial<typeof lecturers.$inferInsert> = definedOf({ userId, realname, username, kind, orgId, levelId, feeFen });
    const texts = ['email', 'unit', 'title', 'avatar', 'introduction', 'certificate', 'machineCode'] as const;
    for (const k of texts) if (i[k] !== undefined) out[k] = blank(i[k]);
    return out;
  };

  /** Freeze/unfreeze or certify/uncertify: a lifecycle command on the locked rows (one of two concurrent calls loses). */
  async function transition(p: Principal, ids: number[], command: 'freeze' | 'unfreeze' | 'certify' | 'uncertify') {
    const unique = await assertLecturersInScope(p, ids);
    await db.transaction(async (tx) => {
      const rows = await repo.lockLecturers(tx, unique);
      if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
      const common = { rows, table: lecturers, id: lecturers.id, set: { updatedAt: sql`now()` } };
      if (command === 'freeze' || command === 'unfreeze') {
        await applyTransition(tx, { ...common, lifecycle: LECTURER_LIFECYCLE, command, stateOf: (r) => r.status, state: lecturers.status });
      } else {
        await applyTransition(tx, {
          ...common,
          lifecycle: LECTURER_CERTIFICATION,
          command,
          stateOf: (r) => certificationOf(r.certified),
          state: lecturers.certified,
          encode: (s) => s === 'certified',
        });
      }
    });
    return null;
  }

  return {
    async list(p: Principal, q: LecturerListQuery): Promise<Page<LecturerRow>> {
      const page = await repo.findLecturers(lists, p, q);
      return { ...page, records: page.records.map((r) => withAbilities(p, r)) };
    },
    innerUsers: repo.findInnerUsers.bind(null, lists),

    async get(p: Principal, id: number) {
      const row = await repo.getLecturer(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      requireInScope(p, row.orgPath);
      const { orgPath: _omit, ...detail } = row;
      return withAbilities(p, detail);
    },

    async insert(p: Principal, input: LecturerInsert) {
      await requireOrgsInScope(db, p, [input.orgId], { field: 'orgId' });
      await checkFields(input.kind, input);
      const row = onlyRow(
        await db
          .insert(lecturers)
          .values({ ...columns(input), realname: input.realname, username: input.username, kind: input.kind, orgId: input.orgId })
          .returning({ id: lecturers.id }),
      );
      return { id: row.id };
    },

    async update(p: Principal, input: LecturerUpdate) {
      const { id, ...rest } = input;
      await assertLecturersInScope(p, [id]);
      if (rest.orgId !== undefined) await requireOrgsInScope(db, p, [rest.orgId], { field: 'orgId' });
      const [current] = await db.select({ kind: lecturers.kind, userId: lecturers.userId }).from(lecturers).where(eq(lecturers.id, id));
      const kind = rest.kind ?? current.kind;
      // Turning a lecturer external drops the link to an account.
      if (kind === 'external' && rest.userId === undefined && current.userId != null) rest.userId = null;
      await checkFields(kind, rest, id);
      await db
        .update(lecturers)
        .set({ ...columns(rest), updatedAt: sql`now()` })
        .where(eq(lecturers.id, id));
      return null;
    },

    async remove(p: Principal, ids: number[]) {
      const unique = await assertLecturersInScope(p, ids);
      await db.delete(lecturers).where(inArray(lecturers.id, unique));
      return null;
    },

    freeze: (p: Principal, ids: number[]) => transition(p, ids, 'freeze'),
    unfreeze: (p: Principal, ids: number[]) => transition(p, ids, 'unfreeze'),
    certify: (p: Principal, ids: number[], certified: boolean) => transition(p, ids, certified ? 'certify' : 'uncertify'),

    levels: () => repo.listLevels(db),

    async insertLevel(input: { name: string; sort: number }) {
      return db.transaction(async (tx) => {
        // Concurrent inserts must not pass the limit together.
        await xactLock(tx, 'lecturerLevels');
        const { n } = onlyRow((await tx.execute<{ n: number }>(sql`select count(*)::int as n from teacher_levels`)).rows);
        if (n >= TEACHER_LEVELS_MAX) throw new AppError('LIMIT_EXCEEDED', { data: { max: TEACHER_LEVELS_MAX } });
        const [dup] = await tx
          .select({ id: teacherLevels.id })
          .from(teacherLevels)
          .where(sql`lower(${teacherLevels.name}) = lower(${input.name})`);
        if (dup) throw new AppError('DUPLICATE_DATA', { field: 'name' });
        const row = onlyRow(await tx.insert(teacherLevels).values(input).returning({ id: teacherLevels.id }));
        return { id: row.id };
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
      await db
        .update(teacherLevels)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(teacherLevels.id, id));
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
