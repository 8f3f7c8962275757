import type { FastifyInstance } from 'fastify';
import {
  TRAIN_PLAN_APPROVAL_TYPE,
  TRAIN_PLAN_LIFECYCLE,
  hasAnyPermission,
  type ApprovalState,
  type CommandOf,
  type TrainPlanAbilities,
  type TrainPlanCreate,
  type TrainPlanListExport,
  type TrainPlanListQuery,
  type TrainPlanRow,
  type TrainPlanState,
  type TrainPlanUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { found } from '../../platform/db/rows.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { listReads } from '../../platform/list.js';
import { abilitiesOf, applyStatusTransition, lockEditable } from '../../platform/lifecycle.js';
import { homeOrgInScope, pathInScope, requireOrgsInScope, scopedLock } from '../../platform/scope.js';
import { deleteRows, updateRow } from '../../platform/table-rows.js';
import { submitApproval } from '../approvals/index.js';
import * as repo from './train-plans.repository.js';
import { trainPlanListWorkbook } from './train-plans.export.js';
import { trainPlans } from './train-plans.schema.js';

/** The permission code each ability also needs, so the page shows only what this caller may do. */
const ABILITY_CODES: Record<keyof TrainPlanAbilities, string> = { modify: 'pxjh:modify', delete: 'pxjh:delete', submit: 'pxjh:modify' };

/** The plan's command for each state the approval engine reports. */
const COMMAND_OF: Record<ApprovalState, CommandOf<typeof TRAIN_PLAN_LIFECYCLE>> = {
  pending: 'submit',
  approved: 'approve',
  refused: 'refuse',
  withdrawn: 'withdraw',
};

/** The most rows one Excel export writes. */
export const TRAIN_PLAN_EXPORT_MAX_ROWS = 10_000;

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
}

export function createTrainPlansService({ app, db, lists }: Deps) {
  const lockInScope = scopedLock(repo.lockTrainPlans);

  const present = async (p: Principal, rows: repo.TrainPlanListRow[]): Promise<TrainPlanRow[]> =>
    rows.map(({ status, orgPath: _path, createdAt, updatedAt, ...r }) => {
      const { modify, delete: del, submit } = TRAIN_PLAN_LIFECYCLE.abilities(status);
      return {
        ...r,
        state: status,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        abilities: abilitiesOf({ modify, delete: del, submit }, p.permissions, ABILITY_CODES),
      };
    });

  const reads = listReads(repo.trainPlanList, lists, present, { field: 'id' });

  /** The plan's department: given (in the caller's scope) or the caller's own. */
  async function departmentOf(tx: DbOrTx, p: Principal, orgId: number | undefined): Promise<number> {
    const id = orgId ?? (await homeOrgInScope(tx, p));
    if (!id) throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
    await requireOrgsInScope(tx, p, [id], { field: 'orgId' });
    return id;
  }

  /** A linked annual plan exists (NOT_FOUND_ERROR) and is the same department's (PARAMETER_INVALID). */
  async function checkYearPlan(tx: DbOrTx, yearPlanId: number | null, orgId: number) {
    if (yearPlanId === null) return;
    const plan = await repo.yearPlanOrg(tx, yearPlanId);
    if (!plan) throw new AppError('NOT_FOUND_ERROR', { field: 'yearPlanId' });
    if (plan.orgId !== orgId) throw new AppError('PARAMETER_INVALID', { field: 'yearPlanId' });
  }

  /** A plan the caller may submit now: in their scope and in a state that submits. */
  async function lockSubmittable(tx: DbOrTx, p: Principal, id: number) {
    const [row] = await lockInScope(tx, p, [id]);
    if (!TRAIN_PLAN_LIFECYCLE.can(row.status, 'submit')) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
    return row;
  }

  return {
    list: (p: Principal, q: TrainPlanListQuery) => reads.list(p, q),
    get: (p: Principal, id: number) => reads.get(p, id),

    /** The list's plans (its filters, scope and order, at most TRAIN_PLAN_EXPORT_MAX_ROWS) as Excel in the reader's language. */
    async exportList(p: Principal, q: TrainPlanListExport) {
      const { lang, timeZone, ...filters } = q;
      const size = 500;
      const rows: TrainPlanRow[] = [];
      for (let page = 1; rows.length < TRAIN_PLAN_EXPORT_MAX_ROWS; page++) {
        const got = await reads.list(p, { ...filters, page, size });
        rows.push(...got.records);
        if (got.records.length < size || rows.length >= got.total) break;
      }
      return trainPlanListWorkbook({ lang, timeZone }, rows.slice(0, TRAIN_PLAN_EXPORT_MAX_ROWS));
    },

    /** A new draft of a department in the caller's scope; names are unique per department (DUPLICATE_TRAINING_PLAN). */
    async insert(p: Principal, input: TrainPlanCreate): Promise<TrainPlanRow> {
      const id = await db.transaction(async (tx) => {
        const { orgId: given, ...values } = input;
        const orgId = await departmentOf(tx, p, given);
        await checkYearPlan(tx, input.yearPlanId, orgId);
        return repo.insertTrainPlan(tx, { ...values, orgId, createdBy: p.userId });
      });
      return reads.get(p, id);
    },

    /** A draft, refused or withdrawn plan changes; under review or approved it does not (STATE_TRANSITION_INVALID). */
    async update(p: Principal, input: TrainPlanUpdate): Promise<TrainPlanRow> {
      await db.transaction(async (tx) => {
        const row = await lockEditable(tx, p, input.id, lockInScope, TRAIN_PLAN_LIFECYCLE);
        const { id, orgId: given, ...values } = input;
        // A plan in the caller's scope has its organization.
        const orgId = given !== undefined ? await departmentOf(tx, p, given) : found(row.orgId, 'NO_DATA_PERMISSION_ERROR', 'id');
        if ((input.startDate ?? row.startDate) > (input.endDate ?? row.endDate)) throw new AppError('PARAMETER_INVALID', { field: 'endDate' });
        if (input.yearPlanId !== undefined || given !== undefined) await checkYearPlan(tx, input.yearPlanId ?? row.yearPlanId, orgId);
        await updateRow(tx, trainPlans, id, { ...values, ...(given !== undefined ? { orgId } : {}) });
      });
      return reads.get(p, input.id);
    },

    /** Only drafts are deleted (IN_USE_TRAINING_PLAN naming the others); all or nothing. */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const refused = rows.filter((r) => !TRAIN_PLAN_LIFECYCLE.canDelete(r.status)).map((r) => r.id);
        if (refused.length) throw new AppError('IN_USE_TRAINING_PLAN', { field: 'ids', data: { ids: refused } });
        await deleteRows(
          tx,
          trainPlans,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },

    /** Submits the plan to the `trainingPlan` flow in this transaction; the engine moves it under review. */
    async submit(p: Principal, id: number): Promise<TrainPlanRow> {
      await db.transaction(async (tx) => {
        const row = await lockSubmittable(tx, p, id);
        await submitApproval(app, tx, { businessType: TRAIN_PLAN_APPROVAL_TYPE, businessId: id, applicantId: p.userId, title: row.name });
      });
      return reads.get(p, id);
    },

    /** `/api/approval/submit` of a plan (a resubmission from "my approvals"): the same rules as `submit`. */
    async prepareApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, [ABILITY_CODES.submit])) throw new AppError('NO_PERMISSION_ERROR', { field: 'businessId' });
      return { title: (await lockSubmittable(tx, p, id)).name };
    },

    /** The engine's news, inside its transaction: the plan follows (guarded by the plan's lifecycle). */
    async onApprovalState(tx: DbOrTx, e: { businessId: number; state: ApprovalState }) {
      const rows = await repo.lockTrainPlans(tx, [e.businessId]);
      if (!rows.length) return;
      await applyStatusTransition<TrainPlanState, CommandOf<typeof TRAIN_PLAN_LIFECYCLE>, (typeof rows)[number]>(tx, {
        lifecycle: TRAIN_PLAN_LIFECYCLE,
        command: COMMAND_OF[e.state],
        rows,
        table: trainPlans,
      });
    },

    /** The plan's managers (pxjh, in their scope) read its approval and history too. */
    async mayReadApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, ['pxjh'])) return false;
      const [row] = await repo.trainPlanList.rowsOf(tx, [id]);
      return !!row?.orgPath && pathInScope(p, row.orgPath);
    },
  };
}
export type TrainPlansService = ReturnType<typeof createTrainPlansService>;
