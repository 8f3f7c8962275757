import {
  ORG_LIFECYCLE,
  type OrgAbilities,
  type OrgDataNode,
  type OrgDetail,
  type OrgInsert,
  type OrgNode,
  type OrgTreeQuery,
  type OrgTreeByName,
  type OrgUpdate,
  type TreeSort,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { requireInScope } from '../../platform/scope.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal, PrincipalLoader } from '../../platform/auth/principal.js';
import * as repo from './orgs.repository.js';
import { orgTree } from './orgs.repository.js';
import type { OrgMembers } from './orgs.usage.js';
import { buildForest } from '../../platform/tree.js';
import { abilitiesOf, freezeAbilityCodes } from '../../platform/lifecycle.js';

type OrgStatus = (typeof ORG_LIFECYCLE.states)[number];
const ABILITY_CODES: Record<keyof OrgAbilities, string> = freezeAbilityCodes('zzjg');

/** The rules of remove and setStatus: the root neither goes nor freezes; an organization in use is not deleted. */
function orgAbilities(
  principal: Principal,
  org: { parentId: number | null; status: OrgStatus },
  use: { children: boolean; members: boolean; lecturers: boolean },
): OrgAbilities {
  const root = org.parentId == null;
  return abilitiesOf(ORG_LIFECYCLE.abilities(org.status), principal.permissions, ABILITY_CODES, {
    delete: !root && !use.children && !use.members && !use.lecturers,
    freeze: !root,
  });
}

interface Deps {
  db: Db;
  principals: Pick<PrincipalLoader, 'forgetUsers'>;
  /** The people in organizations (registered by users, orgs.usage.ts). */
  members: OrgMembers;
}

type ScopeRow = Awaited<ReturnType<typeof repo.findScopeOrgs>>[number];

async function mustGet(db: DbOrTx, id: number, field?: string) {
  const org = await repo.getOrg(db, id);
  if (!org) throw new AppError('NOT_FOUND_ERROR', field ? { field } : {});
  return org;
}

function uniqueIds(ids: number[] | undefined) {
  return ids ? [...new Set(ids)] : undefined;
}

export function createOrgsService({ db, principals, members }: Deps) {
  /** Leaders must be existing users the caller may see. */
  async function checkLeaders(tx: DbOrTx, principal: Principal, leaderIds: number[]) {
    const found = await members.brief(tx, leaderIds);
    if (found.length !== leaderIds.length) throw new AppError('PARAMETER_INVALID', { field: 'leaderIds' });
    for (const u of found) requireInScope(principal, u.orgPath, { field: 'leaderIds' });
  }

  async function checkNames(tx: DbOrTx, parentId: number | null, name: string | undefined, code: string | null | undefined, exceptId?: number) {
    if (name !== undefined) await orgTree.assertNameFree(tx, parentId, name, exceptId);
    if (code && (await repo.codeTaken(tx, code, exceptId))) throw new AppError('DUPLICATE_DATA', { field: 'code' });
  }

  /** Checks and performs a move of `node` under `newParent` (inside the tree lock); the root stays where it is. */
  async function move(tx: DbOrTx, principal: Principal, node: repo.OrgRecord, newParentId: number, name = node.name) {
    if (node.parentId == null) throw new AppError('STATE_TRANSITION_INVALID', { field: 'parentId' });
    const newParent = await mustGet(tx, newParentId, 'parentId');
    requireInScope(principal, newParent.path, { field: 'parentId' });
    return orgTree.move(tx, node, newParent, name);
  }

  /** Scope rows with `userCount` summed over each subtree. */
  async function scopeRowsWithCounts(principal: Principal, kind?: 'employee' | 'student') {
    const [rows, direct] = await Promise.all([repo.findScopeOrgs(db, principal), members.countByOrg(db, principal, kind)]);
    const lecturers = await repo.orgsWithLecturers(
      db,
      rows.map((r) => r.id),
    );
    // Scope covers whole subtrees, so every child of a node in scope is among the rows.
    const parents = new Set(rows.map((r) => r.parentId));
    const total = new Map<number, number>();
    const byPath = new Map(rows.map((r) => [r.path, r.id]));
    for (const r of rows) {
      const n = direct.get(r.id) ?? 0;
      if (!n) continue;
      // Add to the organization and every ancestor present in the scope.
      let p = r.path;
      while (p.length > 1) {
        const id = byPath.get(p);
        if (id !== undefined) total.set(id, (total.get(id) ?? 0) + n);
        p = p.slice(0, p.lastIndexOf('/', p.length - 2) + 1);
      }
    }
    return rows.map((r) => ({
      ...r,
      userCount: total.get(r.id) ?? 0,
      abilities: orgAbilities(principal, r, { children: parents.has(r.id), members: (direct.get(r.id) ?? 0) > 0, lecturers: lecturers.has(r.id) }),
    }));
  }

  function toNode(r: ScopeRow & { userCount: number; abilities: OrgAbilities }): Omit<OrgNode, 'children'> {
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      parentId: r.parentId,
      sort: r.sort,
      status: r.status,
      depth: r.depth,
      leaderIds: r.leaderIds,
      userCount: r.userCount,
      abilities: r.abilities,
    };
  }

  function prune(nodes: OrgNode[], levels: number): OrgNode[] {
    return nodes.map((n) => ({ ...n, children: levels > 1 ? prune(n.children, levels - 1) : [] }));
  }

  return {
    /** The caller's scope subtrees as a forest: every level, or `maxDepth` levels from each scope root when asked. */
    async tree(principal: Principal, q: OrgTreeQuery): Promise<OrgNode[]> {
      const rows = await scopeRowsWithCounts(principal, q.kind);
      const forest = buildForest(rows.map(toNode));
      return q.maxDepth === undefined ? forest : prune(forest, q.maxDepth);
    },

    /** Organizations whose name contains `name`, with their ancestors inside the scope. */
    async treeByName(principal: Principal, { name, kind }: OrgTreeByName): Promise<OrgNode[]> {
      const rows = await scopeRowsWithCounts(principal, kind);
      const needle = name.toLowerCase();
      const keep = new Set<number>();
      for (const r of rows) {
        if (!r.name.toLowerCase().includes(needle)) continue;
        for (const id of r.path.split('/').filter(Boolean)) keep.add(Number(id));
      }
      return buildForest(rows.filter((r) => keep.has(r.id)).map(toNode));
    },

    async dataTree(principal: Principal): Promise<OrgDataNode[]> {
      const rows = await repo.findScopeOrgs(db, principal);
      return buildForest(rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId })));
    },

    async get(principal: Principal, id: number): Promise<OrgDetail> {
      const org = await mustGet(db, id);
      requireInScope(principal, org.path);
      const [parent, leaders, children, hasMembers, lecturers] = await Promise.all([
        org.parentId ? repo.getOrg(db, org.parentId) : undefined,
        members.brief(db, org.leaderIds),
        orgTree.hasChildren(db, id),
        members.any(db, id),
        repo.hasLecturers(db, id),
      ]);
      const byId = new Map(leaders.map((l) => [l.id, l]));
      const abilities = orgAbilities(principal, org, { children, members: hasMembers, lecturers });
      return {
        abilities,
        id: org.id,
        name: org.name,
        code: org.code,
        parentId: org.parentId,
        parentName: parent?.name ?? null,
        path: org.path,
        depth: org.depth,
        sort: org.sort,
        status: org.status,
        leaders: org.leaderIds.flatMap((lid) => {
          const l = byId.get(lid);
          return l ? [{ id: l.id, username: l.username, realname: l.realname }] : [];
        }),
        createdAt: org.createdAt.toISOString(),
      };
    },

    async insert(principal: Principal, input: OrgInsert): Promise<{ id: number }> {
      const leaderIds = uniqueIds(input.leaderIds) ?? [];
      return await db.transaction(async (tx) => {
        await orgTree.lock(tx);
        const parent = await mustGet(tx, input.parentId, 'parentId');
        requireInScope(principal, parent.path, { field: 'parentId' });
        orgTree.assertDepth(parent.depth + 1);
        await checkNames(tx, parent.id, input.name, input.code);
        if (leaderIds.length) await checkLeaders(tx, principal, leaderIds);
        return { id: await repo.insertOrg(tx, parent, { name: input.name, code: input.code ?? null, sort: input.sort, leaderIds }) };
      });
    },

    async update(principal: Principal, input: OrgUpdate): Promise<void> {
      const leaderIds = uniqueIds(input.leaderIds);
      let movedPath: string | undefined;
      await db.transaction(async (tx) => {
        await orgTree.lock(tx);
        const node = await mustGet(tx, input.id);
        requireInScope(principal, node.path);
        const name = input.name ?? node.name;
        let parentId = node.parentId;
        if (input.parentId !== undefined && input.parentId !== node.parentId) {
          movedPath = (await move(tx, principal, node, input.parentId, name)).path;
          parentId = input.parentId;
        }
        await checkNames(tx, parentId, input.name, input.code, node.id);
        if (leaderIds?.length) await checkLeaders(tx, principal, leaderIds);
        let sort = input.sort;
        if (sort === undefined && movedPath && parentId != null) sort = await orgTree.nextSort(tx, parentId);
        await repo.updateOrgRow(tx, node.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.code !== undefined ? { code: input.code } : {}),
          ...(sort !== undefined ? { sort } : {}),
          ...(leaderIds !== undefined ? { leaderIds } : {}),
        });
      });
      if (movedPath) await principals.forgetUsers(await members.scopedUnder(db, movedPath));
    },

    async remove(principal: Principal, id: number): Promise<void> {
      let affected: number[] = [];
      await db.transaction(async (tx) => {
        await orgTree.lock(tx);
        const node = await mustGet(tx, id);
        requireInScope(principal, node.path);
        if (node.parentId == null) throw new AppError('STATE_TRANSITION_INVALID');
        if ((await orgTree.hasChildren(tx, id)) || (await members.any(tx, id))) throw new AppError('IN_USE_ORGANIZATION');
        affected = await members.scopedUnder(tx, node.path);
        await repo.deleteOrg(tx, id);
      });
      await principals.forgetUsers(affected);
    },

    async setStatus(principal: Principal, ids: number[], status: 'normal' | 'frozen'): Promise<void> {
      const unique = [...new Set(ids)];
      const command = status === 'frozen' ? 'freeze' : 'unfreeze';
      await db.transaction(async (tx) => {
        // The tree lock serializes tree writes, so the guard below reads states no one else is changing.
        await orgTree.lock(tx);
        const orgs = await repo.getOrgs(tx, unique);
        if (orgs.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        for (const o of orgs) requireInScope(principal, o.path, { field: 'ids' });
        const refused = orgs.filter((o) => !ORG_LIFECYCLE.can(o.status, command) || (command === 'freeze' && o.parentId == null)).map((o) => o.id);
        if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
        // The whole subtree follows the organization named.
        await repo.setSubtreeStatus(
          tx,
          orgs.map((o) => o.path),
          status,
        );
      });
    },

    /** Right-click "move above/below": places the node next to the target, under the target's parent. */
    async sort(principal: Principal, input: TreeSort): Promise<void> {
      if (input.id === input.targetId) throw new AppError('PARAMETER_INVALID', { field: 'targetId' });
      let movedPath: string | undefined;
      await db.transaction(async (tx) => {
        await orgTree.lock(tx);
        const node = await mustGet(tx, input.id);
        const target = await mustGet(tx, input.targetId, 'targetId');
        requireInScope(principal, node.path);
        requireInScope(principal, target.path, { field: 'targetId' });
        if (target.parentId == null) throw new AppError('STATE_TRANSITION_INVALID', { field: 'targetId' });
        if (node.parentId == null) throw new AppError('STATE_TRANSITION_INVALID', { field: 'parentId' });
        // Moving under another parent: the caller must reach that parent too.
        if (target.parentId !== node.parentId) requireInScope(principal, (await mustGet(tx, target.parentId, 'targetId')).path, { field: 'targetId' });
        movedPath = (await orgTree.place(tx, node, target, input.position)).movedTo;
      });
      if (movedPath) await principals.forgetUsers(await members.scopedUnder(db, movedPath));
    },
  };
}
export type OrgsService = ReturnType<typeof createOrgsService>;
