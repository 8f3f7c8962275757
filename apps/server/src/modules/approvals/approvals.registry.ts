import type { ApprovalState } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/** What the engine tells a business module when its record's approval changes state. */
export interface ApprovalStateEvent {
  businessId: number;
  instanceId: number;
  /** pending (submitted or resubmitted), approved, refused or withdrawn. */
  state: ApprovalState;
  round: number;
  /** The refusal's reason or the withdrawal's comment. */
  comment: string;
}

/**
 * A business type a module plugs into the engine (annual plan, training plan, outside training,
 * training class; later course, question, knowledge, enrolment approvals) with no change to the engine.
 */
export interface ApprovalType {
  /** Inside the engine's transaction, on every change of state: the business record follows (under review, approved, audit failure). */
  onState?: (tx: DbOrTx, event: ApprovalStateEvent) => Promise<void>;
  /**
   * Lets `/api/approval/submit` submit the record: checks the caller may (data scope, the record's
   * state; throws the module's AppError) and answers its title. Without it, only the module's own
   * command submits (`submitApproval` from the approvals index, inside its transaction).
   */
  prepare?: (tx: DbOrTx, principal: Principal, businessId: number) => Promise<{ title: string }>;
  /** Who else reads a record's approval and history (the module's managers, in their data scope). */
  mayRead?: (tx: DbOrTx, principal: Principal, businessId: number) => Promise<boolean>;
}

const registry = defineAppRegistry<ApprovalType>('approval type');
/** The types registered on an app. */
export const approvalTypesOf = registry.of;
/** Registers a business type under its name (`annualPlan`); a name registers once. */
export const registerApprovalType = registry.register;
