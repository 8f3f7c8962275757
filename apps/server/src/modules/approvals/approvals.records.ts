import type { FastifyInstance } from 'fastify';
import { hasAnyPermission, type ApprovalState, type ErrorName, type Lifecycle } from '@hanlin/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { onlyRow } from '../../platform/db/rows.js';
import { applyStatusTransition } from '../../platform/lifecycle.js';
import { deleteRows, type IdTable } from '../../platform/table-rows.js';
import { submitApproval } from './approvals.engine.js';
import type { ApprovalType } from './approvals.registry.js';

/** The command of a business record's lifecycle for each state the engine reports. */
export const APPROVAL_COMMANDS = { pending: 'submit', approved: 'approve', refused: 'refuse', withdrawn: 'withdraw' } as const satisfies Record<ApprovalState, string>;
type ApprovalCommand = (typeof APPROVAL_COMMANDS)[ApprovalState];

export interface ApprovableRecordsSpec<S extends string, C extends string, R extends { id: number; status: S }> {
  app: FastifyInstance;
  db: Db;
  /** The registered approval type (`annualPlan`, `outsideTraining`). */
  businessType: string;
  /** The record's lifecycle: `submit`, `approve`, `refuse` and `withdraw` at least; `deletable` says which states delete. */
  lifecycle: Lifecycle<S, C | ApprovalCommand>;
  /** The owner module's own table (state in `status`): the only table these commands write. */
  table: IdTable & { status: PgColumn; updatedAt: PgColumn };
  /** Locks the rows `ids` whoever asks (the engine's news). */
  lock: (tx: DbOrTx, ids: number[]) => Promise<R[]>;
  /** Locks the rows the caller may write (in their data scope, or their own), refusing the others naming `field`. */
  lockWritable: (tx: DbOrTx, p: Principal, ids: number[], field: string) => Promise<R[]>;
  /** The record's further conditions to be submitted (its content complete), on the locked row. */
  checkSubmit?: (tx: DbOrTx, row: R) => Promise<void>;
  /** What the approvers see. */
  titleOf: (row: R) => string;
  /** The refusal of a delete outside the deletable states, naming `ids` and `data.ids`. */
  notDeletable: ErrorName;
  /** The code `/api/approval/submit` needs besides reaching the record (NO_PERMISSION_ERROR otherwise). */
  submitCode?: string;
}

/**
 * The approval side of a business record (annual plans, outside-training applications): deleting
 * only in its deletable states, submitting through the engine inside the module's transaction, the
 * record following the engine's news, and the `prepare` and `onState` to register the type with.
 */
export function approvableRecords<S extends string, C extends string, R extends { id: number; status: S }>(spec: ApprovableRecordsSpec<S, C, R>) {
  const { app, db, lifecycle, table } = spec;

  /** A record the caller may submit now: theirs to write, in a state that submits, meeting its own conditions. */
  async function lockSubmittable(tx: DbOrTx, p: Principal, id: number) {
    const row = onlyRow(await spec.lockWritable(tx, p, [id], 'id'));
    if (!lifecycle.can(row.status, 'submit')) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
    await spec.checkSubmit?.(tx, row);
    return row;
  }

  const approvalType: Required<Pick<ApprovalType, 'onState' | 'prepare'>> = {
    /** The engine's news, inside its transaction: the record follows (guarded by its lifecycle). */
    async onState(tx, e) {
      const rows = await spec.lock(tx, [e.businessId]);
      if (!rows.length) return;
      await applyStatusTransition<S, C | ApprovalCommand, R>(tx, { lifecycle, command: APPROVAL_COMMANDS[e.state], rows, table });
    },
    /** `/api/approval/submit` of a record (a resubmission from "my approvals"): the same rules as `submit`. */
    async prepare(tx, p, id) {
      if (spec.submitCode && !hasAnyPermission(p.permissions, [spec.submitCode])) throw new AppError('NO_PERMISSION_ERROR', { field: 'businessId' });
      return { title: spec.titleOf(await lockSubmittable(tx, p, id)) };
    },
  };

  return {
    approvalType,

    /** Submits the record to its flow in one transaction; the engine moves it under review. */
    async submit(p: Principal, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockSubmittable(tx, p, id);
        await submitApproval(app, tx, { businessType: spec.businessType, businessId: id, applicantId: p.userId, title: spec.titleOf(row) });
      });
    },

    /** Deletes the caller's records in a deletable state (a draft), all or none: the others are refused (`notDeletable`). */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await spec.lockWritable(tx, p, ids, 'ids');
        const refused = rows.filter((r) => !lifecycle.canDelete(r.status)).map((r) => r.id);
        if (refused.length) throw new AppError(spec.notDeletable, { field: 'ids', data: { ids: refused } });
        await deleteRows(
          tx,
          table,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },
  };
}
