import {
  LEARNING_GROUP_LIFECYCLE,
  type LearningGroupAbilities,
  type LearningGroupInsert,
  type LearningGroupListQuery,
  type LearningGroupMemberListQuery,
  type LearningGroupMembers,
  type LearningGroupRow,
  type LearningGroupUpdate,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { found } from '../../platform/db/rows.js';
import { requireInScope, requireOrgsInScope } from '../../platform/scope.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './learning-groups.repository.js';
import { abilitiesOf, applyStatusTransition, freezeAbilityCodes } from '../../platform/lifecycle.js';
import { learningGroups } from './learning-groups.schema.js';

const ABILITY_CODES: Record<keyof LearningGroupAbilities, string> = { ...freezeAbilityCodes('xxqz'), addMembers: 'xxqz:modify' };

/** The rules of remove (no members) and addMembers (a normal group), for the page to obey. */
function withAbilities(p: Principal, r: Omit<LearningGroupRow, 'abilities'>): LearningGroupRow {
  const byState = { ...LEARNING_GROUP_LIFECYCLE.abilities(r.status), addMembers: r.status === 'normal' };
  return { ...r, abilities: abilitiesOf(byState, p.permissions, ABILITY_CODES, { delete: r.memberCount === 0 }) };
}

type LockedGroup = Awaited<ReturnType<typeof repo.getForUpdate>>[number]['group'];

/** The groups, locked, each inside the caller's data scope (one id asked answers one group). */
async function lockGroups(tx: DbOrTx, principal: Principal, ids: [number]): Promise<[LockedGroup]>;
async function lockGroups(tx: DbOrTx, principal: Principal, ids: number[]): Promise<LockedGroup[]>;
async function lockGroups(tx: DbOrTx, principal: Principal, ids: number[]): Promise<LockedGroup[]> {
  const rows = await repo.getForUpdate(tx, ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND_ERROR', ids.length > 1 ? { field: 'ids' } : {});
  for (const r of rows) requireInScope(principal, r.orgPath);
  return rows.map((r) => r.group);
}

export function createLearningGroupsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    async list(principal: Principal, q: LearningGroupListQuery): Promise<Page<LearningGroupRow>> {
      const page = await repo.findGroups(lists, principal, q);
      return { ...page, records: page.records.map((r) => withAbilities(principal, r)) };
    },

    async get(principal: Principal, id: number) {
      const row = await repo.getWithPath(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      requireInScope(principal, row.orgPath);
      return withAbilities(principal, found(await repo.getGroup(db, principal, id)));
    },

    async members(principal: Principal, q: LearningGroupMemberListQuery) {
      const row = await repo.getWithPath(db, q.id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      requireInScope(principal, row.orgPath);
      return repo.findMembers(lists, q);
    },

    async insert(principal: Principal, input: LearningGroupInsert) {
      const orgId = input.orgId ?? principal.orgId;
      if (!orgId) throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
      return await db.transaction(async (tx) => {
        await requireOrgsInScope(tx, principal, [orgId], { field: 'orgId' });
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_LEARNING_GROUP', { field: 'name' });
        return { id: await repo.insertGroup(tx, { name: input.name, kind: input.kind, description: input.description ?? null, orgId, createdBy: principal.userId }) };
      });
    },

    async update(principal: Principal, input: LearningGroupUpdate) {
      await db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        if (input.orgId !== undefined && input.orgId !== group.orgId) await requireOrgsInScope(tx, principal, [input.orgId], { field: 'orgId' });
        if (input.name !== undefined && (await repo.nameTaken(tx, input.name, group.id))) throw new AppError('DUPLICATE_LEARNING_GROUP', { field: 'name' });
        await repo.updateGroup(tx, group.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.kind !== undefined ? { kind: input.kind } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.orgId !== undefined ? { orgId: input.orgId } : {}),
        });
      });
    },

    async remove(principal: Principal, ids: number[]) {
      const unique = [...new Set(ids)];
      await db.transaction(async (tx) => {
        await lockGroups(tx, principal, unique);
        if (await repo.haveMembers(tx, unique)) throw new AppError('IN_USE_LEARNING_GROUP');
        await repo.deleteGroups(tx, unique);
      });
    },

    async setStatus(principal: Principal, ids: number[], status: 'normal' | 'frozen') {
      const unique = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const rows = await lockGroups(tx, principal, unique);
        await applyStatusTransition(tx, { lifecycle: LEARNING_GROUP_LIFECYCLE, command: status === 'frozen' ? 'freeze' : 'unfreeze', rows, table: learningGroups });
      });
    },

    async addMembers(principal: Principal, input: LearningGroupMembers) {
      const userIds = [...new Set(input.userIds)];
      return db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        if (group.status !== 'normal') throw new AppError('STATE_TRANSITION_INVALID');
        const found = await repo.usersWithPaths(tx, userIds);
        if (found.length !== userIds.length) throw new AppError('NOT_FOUND_ERROR', { field: 'userIds' });
        for (const u of found) requireInScope(principal, u.orgPath, { field: 'userIds' });
        return { added: await repo.addMembers(tx, group.id, userIds) };
      });
    },

    async removeMembers(principal: Principal, input: LearningGroupMembers) {
      const userIds = [...new Set(input.userIds)];
      return db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        return { removed: await repo.removeMembers(tx, group.id, userIds) };
      });
    },
  };
}
export type LearningGroupsService = ReturnType<typeof createLearningGroupsService>;
