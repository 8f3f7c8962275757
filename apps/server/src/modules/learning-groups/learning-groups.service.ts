import type { LearningGroupInsert, LearningGroupListQuery, LearningGroupMemberListQuery, LearningGroupMembers, LearningGroupUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { pathInScope } from '../../platform/scope.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './learning-groups.repository.js';

/** The groups, locked, each inside the caller's data scope. */
async function lockGroups(tx: DbOrTx, principal: Principal, ids: number[]) {
  const rows = await repo.getForUpdate(tx, ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND_ERROR', ids.length > 1 ? { field: 'ids' } : {});
  if (rows.some((r) => !pathInScope(principal, r.orgPath))) throw new AppError('NO_DATA_PERMISSION_ERROR');
  return rows.map((r) => r.group);
}

async function assertOrgInScope(tx: DbOrTx, principal: Principal, orgId: number) {
  const path = await repo.getOrgPath(tx, orgId);
  if (!path) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
  if (!pathInScope(principal, path)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'orgId' });
}

export function createLearningGroupsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    list: (principal: Principal, q: LearningGroupListQuery) => repo.findGroups(lists, principal, q),

    async get(principal: Principal, id: number) {
      const row = await repo.getWithPath(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      if (!pathInScope(principal, row.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR');
      return (await repo.getGroup(db, principal, id))!;
    },

    async members(principal: Principal, q: LearningGroupMemberListQuery) {
      const row = await repo.getWithPath(db, q.id);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      if (!pathInScope(principal, row.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR');
      return repo.findMembers(db, q);
    },

    async insert(principal: Principal, input: LearningGroupInsert) {
      const orgId = input.orgId ?? principal.orgId;
      if (!orgId) throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
      return await db.transaction(async (tx) => {
        await assertOrgInScope(tx, principal, orgId);
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_LEARNING_GROUP', { field: 'name' });
        return { id: await repo.insertGroup(tx, { name: input.name, kind: input.kind, description: input.description ?? null, orgId, createdBy: principal.userId }) };
      });
    },

    async update(principal: Principal, input: LearningGroupUpdate) {
      await db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        if (input.orgId !== undefined && input.orgId !== group!.orgId) await assertOrgInScope(tx, principal, input.orgId);
        if (input.name !== undefined && (await repo.nameTaken(tx, input.name, group!.id))) throw new AppError('DUPLICATE_LEARNING_GROUP', { field: 'name' });
        await repo.updateGroup(tx, group!.id, {
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
        await lockGroups(tx, principal, unique);
        await repo.setStatus(tx, unique, status);
      });
    },

    async addMembers(principal: Principal, input: LearningGroupMembers) {
      const userIds = [...new Set(input.userIds)];
      return db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        if (group!.status !== 'normal') throw new AppError('STATE_TRANSITION_INVALID');
        const found = await repo.usersWithPaths(tx, userIds);
        if (found.length !== userIds.length) throw new AppError('NOT_FOUND_ERROR', { field: 'userIds' });
        if (found.some((u) => !u.orgPath || !pathInScope(principal, u.orgPath))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'userIds' });
        return { added: await repo.addMembers(tx, group!.id, userIds) };
      });
    },

    async removeMembers(principal: Principal, input: LearningGroupMembers) {
      const userIds = [...new Set(input.userIds)];
      return db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, principal, [input.id]);
        return { removed: await repo.removeMembers(tx, group!.id, userIds) };
      });
    },
  };
}
export type LearningGroupsService = ReturnType<typeof createLearningGroupsService>;
