import type { FastifyInstance } from 'fastify';
import {
  YEAR_PLAN_APPROVAL_TYPE,
  YEAR_PLAN_LIFECYCLE,
  hasAnyPermission,
  type YearPlanAbilities,
  type YearPlanCreate,
  type YearPlanDetail,
  type YearPlanListQuery,
  type YearPlanRow,
  type YearPlanUpdate,
  type YearPlanExport,
  type YearPlanYearExport,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { listReads } from '../../platform/list.js';
import { abilitiesOf, lockEditable } from '../../platform/lifecycle.js';
import { homeOrgInScope, pathInScope, requireOrgsInScope, scopedLock } from '../../platform/scope.js';
import { updateRow } from '../../platform/table-rows.js';
import { approvableRecords } from '../approvals/index.js';
import * as repo from './year-plans.repository.js';
import { planLinesWithActuals } from './year-plans.actuals.js';
import { planWorkbook, yearWorkbook } from './year-plans.export.js';
import { yearPlans } from './year-plans.schema.js';

/** The permission code each ability also needs, so the page shows only what this caller may do. */
const ABILITY_CODES: Record<keyof YearPlanAbilities, string> = { modify: 'ndjh:modify', delete: 'ndjh:delete', submit: 'ndjh:modify' };

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
}

export function createYearPlansService({ app, db, lists }: Deps) {
  const lockInScope = scopedLock(repo.lockYearPlans);

  const present = async (p: Principal, rows: repo.YearPlanListRow[]): Promise<YearPlanRow[]> =>
    rows.map((r) => {
      const { modify, delete: del, submit } = YEAR_PLAN_LIFECYCLE.abilities(r.status);
      return {
        id: r.id,
        name: r.name,
        year: r.year,
        type: r.type,
        state: r.status,
        totalBudget: r.totalBudget,
        totalSessions: r.totalSessions,
        orgId: r.orgId,
        orgName: r.orgName,
        createdBy: r.createdBy,
        creatorName: r.creatorName,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        abilities: abilitiesOf({ modify, delete: del, submit }, p.permissions, ABILITY_CODES),
      };
    });

  const reads = listReads(repo.yearPlanList, lists, present, { field: 'id' });

  async function get(p: Principal, id: number): Promise<YearPlanDetail> {
    const row = await reads.get(p, id);
    const lines = await planLinesWithActuals(app, db, id);
    return { ...row, lines, totalActual: lines.reduce((sum, l) => sum + l.actual, 0) };
  }

  /** The plan's department: given (in the caller's scope) or the caller's own. */
  async function departmentOf(tx: DbOrTx, p: Principal, orgId: number | undefined): Promise<number> {
    const id = orgId ?? (await homeOrgInScope(tx, p));
    if (!id) throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
    await requireOrgsInScope(tx, p, [id], { field: 'orgId' });
    return id;
  }

  async function writeLines(tx: DbOrTx, planId: number, lines: YearPlanCreate['lines'] | undefined) {
    if (lines === undefined) return;
    if (!(await repo.replaceLines(tx, planId, lines))) throw new AppError('PARAMETER_INVALID', { field: 'lines' });
    await repo.refreshTotals(tx, planId);
  }

  /** Deleting only a draft, submitting to the annual-plan flow, following the engine: the approvals module's part. */
  const approvable = approvableRecords({
    app,
    db,
    businessType: YEAR_PLAN_APPROVAL_TYPE,
    lifecycle: YEAR_PLAN_LIFECYCLE,
    table: yearPlans,
    lock: repo.lockYearPlans,
    lockWritable: (tx, p, ids) => lockInScope(tx, p, ids),
    /** A plan submits with its year and lines (spec §5). */
    checkSubmit: async (tx, row) => {
      if (!row.year || (await repo.lineCount(tx, row.id)) === 0) throw new AppError('YEAR_PLAN_INCOMPLETE', { field: 'lines' });
    },
    titleOf: (row) => row.name,
    notDeletable: 'IN_USE_TRAINING_PLAN',
    submitCode: ABILITY_CODES.submit,
  });

  /** Every plan of the list's filters in the caller's scope (the year overview: one per department, so few pages). */
  async function allOf(p: Principal, q: Omit<YearPlanListQuery, 'page' | 'size'>): Promise<YearPlanRow[]> {
    const size = 500;
    const rows: YearPlanRow[] = [];
    for (let page = 1; ; page++) {
      const got = await reads.list(p, { ...q, page, size });
      rows.push(...got.records);
      if (got.records.length < size || rows.length >= got.total) return rows;
    }
  }

  return {
    list: (p: Principal, q: YearPlanListQuery) => reads.list(p, q),
    get,

    /** Excel of one plan in scope (NOT_FOUND_ERROR / NO_DATA_PERMISSION_ERROR like `get`). */
    async exportPlan(p: Principal, q: YearPlanExport) {
      return planWorkbook(q, await get(p, q.id));
    },

    /** Excel of the year's plans in the caller's scope, sorted by department. */
    async exportYear(p: Principal, q: YearPlanYearExport) {
      const plans = (await allOf(p, { year: q.year })).sort((a, b) => (a.orgName ?? '').localeCompare(b.orgName ?? '') || a.id - b.id);
      return yearWorkbook(q, q.year, plans);
    },

    /** A new draft; one plan per department and year (YEAR_PLAN_EXISTS, by the unique index under concurrent creates). */
    async insert(p: Principal, input: YearPlanCreate): Promise<YearPlanDetail> {
      const id = await db.transaction(async (tx) => {
        const planId = await repo.insertYearPlan(tx, {
          name: input.name,
          year: input.year,
          type: input.type,
          orgId: await departmentOf(tx, p, input.orgId),
          createdBy: p.userId,
        });
        await writeLines(tx, planId, input.lines);
        return planId;
      });
      return get(p, id);
    },

    /** A draft, refused or withdrawn plan changes; under review or approved it does not (STATE_TRANSITION_INVALID). */
    async update(p: Principal, input: YearPlanUpdate): Promise<YearPlanDetail> {
      await db.transaction(async (tx) => {
        await lockEditable(tx, p, input.id, lockInScope, YEAR_PLAN_LIFECYCLE);
        await updateRow(tx, yearPlans, input.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.year !== undefined ? { year: input.year } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.orgId !== undefined ? { orgId: await departmentOf(tx, p, input.orgId) } : {}),
        });
        await writeLines(tx, input.id, input.lines);
      });
      return get(p, input.id);
    },

    /** Only drafts are deleted (IN_USE_TRAINING_PLAN naming the others); all or nothing. */
    remove: approvable.remove,

    /** Submits the plan to the annual-plan flow in this transaction; the engine moves it under review. */
    async submit(p: Principal, id: number): Promise<YearPlanDetail> {
      await approvable.submit(p, id);
      return get(p, id);
    },

    /** The approval type's `prepare` (a resubmission from "my approvals", also needing ndjh:modify) and `onState`. */
    approvalType: approvable.approvalType,

    /** The plan's managers (ndjh, in their scope) read its approval and history too. */
    async mayReadApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, ['ndjh'])) return false;
      const [row] = await repo.yearPlanList.rowsOf(tx, [id]);
      return !!row?.orgPath && pathInScope(p, row.orgPath);
    },
  };
}
export type YearPlansService = ReturnType<typeof createYearPlansService>;
