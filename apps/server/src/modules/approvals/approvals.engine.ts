import type { FastifyInstance } from 'fastify';
import { APPROVAL_LIFECYCLE, required, type ApprovalCommand, type ApprovalState, type ApprovalStep, type MessageTemplate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { applyTransition } from '../../platform/lifecycle.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './approvals.repository.js';
import { approvalInstances } from './approvals.schema.js';
import { approvalTypesOf } from './approvals.registry.js';

/**
 * The engine: every function runs inside the caller's transaction on an approval locked first
 * (`repo.lockInstance`), so the guard read on the locked row is the one the write obeys, and of
 * two decisions arriving together the second sees what the first did.
 */

export interface SubmitApproval {
  businessType: string;
  businessId: number;
  applicantId: number;
  /** What the approvers see in their to-do list and messages. */
  title: string;
  comment?: string;
}

type Instance = repo.InstanceLock;

async function notify(tx: DbOrTx, to: number[], template: MessageTemplate, inst: Pick<Instance, 'title' | 'applicantId'>, extra: Record<string, string> = {}) {
  if (!to.length) return;
  const applicant = await repo.applicantOrg(tx, inst.applicantId);
  await sendMessage(tx, { to, template, params: { title: inst.title, applicant: applicant?.realname ?? '', ...extra } });
}

/** The step the approval stands at (a pending approval always stands at one of its version's steps). */
const currentStep = (inst: Instance): ApprovalStep => required(inst.steps[inst.stepIndex], `step ${inst.stepIndex} of approval ${inst.id}`);

/** Tells the business module (its record follows the approval's state). */
async function announce(app: FastifyInstance, tx: DbOrTx, inst: Pick<Instance, 'id' | 'businessType' | 'businessId' | 'round'>, state: ApprovalState, comment = '') {
  const type = approvalTypesOf(app).get(inst.businessType);
  await type?.onState?.(tx, { businessId: inst.businessId, instanceId: inst.id, state, round: inst.round, comment });
}

/** One lifecycle command on the locked approval: the guarded UPDATE (STATE_TRANSITION_INVALID when its state moved). */
async function transition(tx: DbOrTx, inst: Instance, command: ApprovalCommand, set: Record<string, unknown> = {}) {
  await applyTransition(tx, {
    lifecycle: APPROVAL_LIFECYCLE,
    command,
    rows: [inst],
    stateOf: (r) => r.state,
    table: approvalInstances,
    id: approvalInstances.id,
    state: approvalInstances.state,
    set: { updatedAt: new Date(), ...set },
    field: 'id',
  });
}

/**
 * Enters step `stepIndex` of the approval's version (or approves it past the last): resolves the
 * approvers now, skips frozen accounts when others remain (each skip recorded), opens their tasks
 * (a sequential step one at a time) and tells them and the step's CC persons. A step nobody can
 * decide stays open: the approval then shows it is stalled and who must act.
 */
async function enterStep(app: FastifyInstance, tx: DbOrTx, inst: Instance, stepIndex: number, now: Date): Promise<void> {
  const step = inst.steps[stepIndex];
  if (!step) {
    // Past the last step.
    await transition(tx, inst, 'approve', { finishedAt: now, stepIndex: inst.steps.length - 1 });
    await announce(app, tx, inst, 'approved');
    await notify(tx, [inst.applicantId], 'approvalApproved', inst);
    return;
  }
  if (stepIndex !== inst.stepIndex) await repo.updateInstance(tx, inst.id, { stepIndex });
  inst.stepIndex = stepIndex;
  const resolved = await repo.resolveApprovers(tx, step.approvers, inst.applicantId);
  const active = resolved.filter((u) => !u.frozen);
  const chosen = active.length ? active : resolved;
  for (const u of active.length ? resolved.filter((r) => r.frozen) : []) {
    await repo.addRecord(tx, { instanceId: inst.id, round: inst.round, stepIndex, action: 'skip', userId: u.userId, at: now });
  }
  await repo.insertTasks(
    tx,
    chosen.map((u, position) => ({
      instanceId: inst.id,
      round: inst.round,
      stepIndex,
      position,
      userId: u.userId,
      state: step.mode === 'sequential' && position > 0 ? 'queued' : 'waiting',
    })),
  );
  const waiting = step.mode === 'sequential' ? chosen.slice(0, 1) : chosen;
  await notify(
    tx,
    waiting.filter((u) => !u.frozen).map((u) => u.userId),
    'approvalWaiting',
    inst,
  );
  const cc = [...new Set(step.ccUserIds)];
  await repo.addCopies(
    tx,
    cc.map((userId) => ({ instanceId: inst.id, round: inst.round, stepIndex, userId })),
  );
  await notify(tx, cc, 'approvalCc', inst);
}

/**
 * Submits a business record for approval inside the caller's transaction (a business module's own
 * submit command calls it), or resubmits it after a refusal or a withdrawal: a new round on the
 * flow's current version. Refusals: no flow for the type (NOT_FOUND_ERROR naming `businessType`),
 * already under approval (REPEAT_SUBMIT_ERROR), already approved (STATE_TRANSITION_INVALID).
 */
export async function submitApproval(app: FastifyInstance, tx: DbOrTx, input: SubmitApproval): Promise<number> {
  const flow = await repo.currentVersion(tx, input.businessType);
  if (!flow) throw new AppError('NOT_FOUND_ERROR', { field: 'businessType' });
  const now = new Date();
  const applicant = await repo.applicantOrg(tx, input.applicantId);
  if (!applicant) throw new AppError('NOT_FOUND_ERROR', { field: 'applicantId' });
  let inst = await repo.lockInstanceOf(tx, input.businessType, input.businessId);
  if (inst) {
    if (inst.state === 'pending') throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'businessId' });
    await transition(tx, inst, 'resubmit', {
      round: inst.round + 1,
      stepIndex: 0,
      versionId: flow.versionId,
      title: input.title,
      applicantId: input.applicantId,
      orgId: applicant.orgId,
      submittedAt: now,
      finishedAt: null,
    });
    inst = {
      ...inst,
      state: 'pending',
      round: inst.round + 1,
      stepIndex: 0,
      versionId: flow.versionId,
      steps: flow.steps,
      title: input.title,
      applicantId: input.applicantId,
    };
  } else {
    const id = await repo.insertInstance(tx, {
      businessType: input.businessType,
      businessId: input.businessId,
      title: input.title,
      applicantId: input.applicantId,
      orgId: applicant.orgId,
      versionId: flow.versionId,
      submittedAt: now,
    });
    inst = required(await repo.lockInstance(tx, id), `approval ${id} just inserted`);
  }
  await repo.addRecord(tx, {
    instanceId: inst.id,
    round: inst.round,
    stepIndex: null,
    action: inst.round > 1 ? 'resubmit' : 'submit',
    userId: input.applicantId,
    comment: input.comment,
    at: now,
  });
  await announce(app, tx, inst, 'pending');
  await enterStep(app, tx, inst, 0, now);
  return inst.id;
}

/**
 * A decision of `userId` on their waiting task of the approval's current step. Refused: a task
 * already decided, or lost to another or-sign approver (REPEAT_APPROVAL); a sequential turn not
 * yet come (STATE_TRANSITION_INVALID); nobody named them on this step (NO_DATA_PERMISSION_ERROR).
 */
export async function decideApproval(
  app: FastifyInstance,
  tx: DbOrTx,
  inst: Instance,
  userId: number,
  decision: { decision: 'approve' | 'refuse'; comment: string; taskId?: number },
): Promise<void> {
  const mine = await repo.roundTasksOf(tx, inst.id, inst.round, userId);
  const task = mine.find((t) => t.state === 'waiting' && t.stepIndex === inst.stepIndex && inst.state === 'pending');
  if (!task || (decision.taskId !== undefined && decision.taskId !== task.id)) {
    if (!mine.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
    const notYet = inst.state === 'pending' && !task && mine.some((t) => t.state === 'queued' && t.stepIndex === inst.stepIndex);
    if (notYet || inst.state === 'withdrawn') throw new AppError('STATE_TRANSITION_INVALID', { field: 'id' });
    // Decided already, by this approver or by the or-sign approver who came first.
    throw new AppError('REPEAT_APPROVAL', { field: 'id' });
  }
  const now = new Date();
  const step = currentStep(inst);
  await repo.setTask(tx, task.id, { state: decision.decision === 'approve' ? 'approved' : 'refused', comment: decision.comment, decidedAt: now });
  await repo.addRecord(tx, { instanceId: inst.id, round: inst.round, stepIndex: inst.stepIndex, action: decision.decision, userId, comment: decision.comment, at: now });

  if (decision.decision === 'refuse') {
    await repo.cancelOpenTasks(tx, inst.id, inst.round);
    await transition(tx, inst, 'refuse', { finishedAt: now });
    await announce(app, tx, inst, 'refused', decision.comment);
    await notify(tx, [inst.applicantId], 'approvalRefused', inst, { reason: decision.comment });
    return;
  }
  const tasks = await repo.stepTasks(tx, inst.id, inst.round, inst.stepIndex);
  if (step.mode === 'orSign') await repo.cancelOpenTasks(tx, inst.id, inst.round, inst.stepIndex);
  else if (step.mode === 'sequential') {
    const next = tasks.find((t) => t.state === 'queued');
    if (next) {
      await repo.setTask(tx, next.id, { state: 'waiting' });
      const user = await repo.userStatus(tx, next.userId);
      if (user?.status !== 'frozen') await notify(tx, [next.userId], 'approvalWaiting', inst);
      return;
    }
  } else if (tasks.some((t) => t.state === 'waiting')) return;
  await enterStep(app, tx, inst, inst.stepIndex + 1, now);
}

/** The applicant takes the approval back while it is pending (STATE_TRANSITION_INVALID otherwise). */
export async function withdrawApproval(app: FastifyInstance, tx: DbOrTx, inst: Instance, userId: number, comment: string) {
  if (inst.applicantId !== userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
  const now = new Date();
  await transition(tx, inst, 'withdraw', { finishedAt: now });
  await repo.cancelOpenTasks(tx, inst.id, inst.round);
  await repo.addRecord(tx, { instanceId: inst.id, round: inst.round, stepIndex: inst.stepIndex, action: 'withdraw', userId, comment, at: now });
  await announce(app, tx, inst, 'withdrawn', comment);
}

/**
 * An administrator gives an open task of the current step to someone else (`fromUserId`), or adds
 * an approver to a step nobody can decide. The new approver must be an active account.
 */
export async function reassignApproval(tx: DbOrTx, inst: Instance, actorId: number, input: { fromUserId?: number; toUserId: number }) {
  if (inst.state !== 'pending') throw new AppError('STATE_TRANSITION_INVALID', { field: 'id' });
  const to = await repo.userStatus(tx, input.toUserId);
  if (!to) throw new AppError('NOT_FOUND_ERROR', { field: 'toUserId' });
  if (to.status === 'frozen') throw new AppError('PARAMETER_INVALID', { field: 'toUserId', data: { reason: 'frozen' } });
  const tasks = await repo.stepTasks(tx, inst.id, inst.round, inst.stepIndex);
  const open = tasks.filter((t) => t.state === 'waiting' || t.state === 'queued');
  if (open.some((t) => t.userId === input.toUserId)) throw new AppError('DUPLICATE_DATA', { field: 'toUserId' });
  let waiting: boolean;
  if (input.fromUserId !== undefined) {
    const task = open.find((t) => t.userId === input.fromUserId);
    if (!task) throw new AppError('NOT_FOUND_ERROR', { field: 'fromUserId' });
    await repo.setTask(tx, task.id, { userId: input.toUserId });
    waiting = task.state === 'waiting';
  } else {
    const mode = currentStep(inst).mode;
    waiting = mode !== 'sequential' || !open.some((t) => t.state === 'waiting');
    const position = Math.max(-1, ...tasks.map((t) => t.position)) + 1;
    await repo.insertTasks(tx, [
      { instanceId: inst.id, round: inst.round, stepIndex: inst.stepIndex, position, userId: input.toUserId, state: waiting ? 'waiting' : 'queued' },
    ]);
  }
  await repo.addRecord(tx, { instanceId: inst.id, round: inst.round, stepIndex: inst.stepIndex, action: 'reassign', userId: actorId, comment: to.realname, at: new Date() });
  if (waiting) await notify(tx, [input.toUserId], 'approvalWaiting', inst);
}
