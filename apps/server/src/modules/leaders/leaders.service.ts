import {
  LEADER_CENTER_PLANS_MAX,
  type LeaderAbilities,
  type LeaderCenter,
  type LeaderCenterQuery,
  type LeaderCreate,
  type LeaderListQuery,
  type LeaderRow,
  type LeaderUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { listReads } from '../../platform/list.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import { requireOrgsInScope, scopedLock } from '../../platform/scope.js';
import { deleteRows, updateRow } from '../../platform/table-rows.js';
import * as repo from './leaders.repository.js';
import { trainingLeaders } from './leaders.schema.js';

const ABILITY_CODES: Record<keyof LeaderAbilities, string> = { modify: 'pxld:modify', delete: 'pxld:delete' };
const ZERO = { count: 0, budget: 0, sessions: 0 };

interface Deps {
  db: Db;
  lists: ListRuntime;
  /** The server's clock (the plan center's default year). */
  now?: () => Date;
}

export function createLeadersService({ db, lists, now = () => new Date() }: Deps) {
  const lockInScope = scopedLock(repo.lockLeaders);

  const present = async (p: Principal, rows: repo.LeaderListRow[]): Promise<LeaderRow[]> =>
    rows.map(({ orgPath: _path, createdAt, updatedAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      abilities: abilitiesOf({ modify: true, delete: true }, p.permissions, ABILITY_CODES),
    }));

  const reads = listReads(repo.leaderList, lists, present, { field: 'id' });

  /** The user exists (NOT_FOUND_ERROR) and belongs to an organization in the caller's scope; answers that organization. */
  async function leaderOrgOf(tx: DbOrTx, p: Principal, userId: number): Promise<number> {
    const u = await repo.userOrg(tx, userId);
    if (!u) throw new AppError('NOT_FOUND_ERROR', { field: 'userId' });
    if (!u.orgId) throw new AppError('PARAMETER_INVALID', { field: 'userId' });
    await requireOrgsInScope(tx, p, [u.orgId], { field: 'userId' });
    return u.orgId;
  }

  /** Organizations led: at most 10 distinct, existing, in the caller's scope. */
  async function checkLedOrgs(tx: DbOrTx, p: Principal, orgIds: number[]) {
    await requireOrgsInScope(tx, p, orgIds, { field: 'orgIds' });
  }

  return {
    list: (p: Principal, q: LeaderListQuery) => reads.list(p, q),
    get: (p: Principal, id: number) => reads.get(p, id),

    /** Designates a user (once: DUPLICATE_DATA) to lead organizations in the caller's scope. */
    async insert(p: Principal, input: LeaderCreate): Promise<LeaderRow> {
      const id = await db.transaction(async (tx) => {
        const orgId = await leaderOrgOf(tx, p, input.userId);
        await checkLedOrgs(tx, p, input.orgIds);
        const leaderId = await repo.insertLeader(tx, { userId: input.userId, title: input.title, orgId, createdBy: p.userId });
        await repo.replaceLedOrgs(tx, leaderId, input.orgIds);
        return leaderId;
      });
      return reads.get(p, id);
    },

    async update(p: Principal, input: LeaderUpdate): Promise<LeaderRow> {
      await db.transaction(async (tx) => {
        await lockInScope(tx, p, [input.id]);
        const orgId = input.userId !== undefined ? await leaderOrgOf(tx, p, input.userId) : undefined;
        if (input.orgIds) await checkLedOrgs(tx, p, input.orgIds);
        await updateRow(tx, trainingLeaders, input.id, {
          ...(input.userId !== undefined ? { userId: input.userId, orgId } : {}),
          ...(input.title !== undefined ? { title: input.title } : {}),
        });
        if (input.orgIds) await repo.replaceLedOrgs(tx, input.id, input.orgIds);
      });
      return reads.get(p, input.id);
    },

    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        await deleteRows(
          tx,
          trainingLeaders,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },

    /**
     * The caller's plan center for a year: the annual and unplanned plans (drafts left out) of the
     * organizations they lead and their sub-organizations, with totals per organization led.
     */
    async center(p: Principal, q: LeaderCenterQuery): Promise<LeaderCenter> {
      const year = q.year ?? now().getFullYear();
      const d = await repo.designationOf(db, p.userId);
      if (!d) return { year, isLeader: false, title: '', orgs: [], annualPlans: [], trainPlans: [] };
      const paths = d.orgs.map((o) => o.path);
      if (!paths.length) return { year, isLeader: true, title: d.title, orgs: [], annualPlans: [], trainPlans: [] };
      const [annual, adHoc, totals] = await Promise.all([
        repo.annualPlansUnder(db, paths, year, LEADER_CENTER_PLANS_MAX),
        repo.trainPlansUnder(db, paths, year, LEADER_CENTER_PLANS_MAX),
        repo.totalsUnder(db, paths, year),
      ]);
      return {
        year,
        isLeader: true,
        title: d.title,
        orgs: d.orgs.map((o) => ({ id: o.id, name: o.name, annual: totals.annual.get(o.path) ?? ZERO, adHoc: totals.adHoc.get(o.path) ?? ZERO })),
        annualPlans: annual.map(({ orgPath: _p, ...r }) => r),
        trainPlans: adHoc.map(({ orgPath: _p, ...r }) => r),
      };
    },
  };
}
export type LeadersService = ReturnType<typeof createLeadersService>;
