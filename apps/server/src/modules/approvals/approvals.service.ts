import type { FastifyInstance } from 'fastify';
import {
  APPROVAL_BUSINESS_TYPES,
  isOneOf,
  APPROVAL_LIFECYCLE,
  type ApprovalCandidateQuery,
  type ApprovalDecide,
  type ApprovalFlowDetail,
  type ApprovalFlowInsert,
  type ApprovalFlowListQuery,
  type ApprovalFlowRow,
  type ApprovalFlowUpdate,
  type ApprovalHistory,
  type ApprovalHistoryQuery,
  type ApprovalListQuery,
  type ApprovalReassign,
  type ApprovalRow,
  type ApprovalStep,
  type ApprovalSubmit,
  type ApprovalWithdraw,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { found, onlyRow } from '../../platform/db/rows.js';
import { isoTime } from '../../platform/iso-time.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pathInScope } from '../../platform/scope.js';
import * as repo from './approvals.repository.js';
import { approvalTypesOf } from './approvals.registry.js';
import { decideApproval, reassignApproval, submitApproval, withdrawApproval } from './approvals.engine.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
}
const iso = isoTime;

export function createApprovalsService({ app, db }: Deps) {
  const types = () => approvalTypesOf(app);
  const knownType = (t: string) => isOneOf(APPROVAL_BUSINESS_TYPES, t) || types().has(t);

  // ---- Flow definitions ----

  function presentFlow(p: Principal, r: repo.FlowRecord): ApprovalFlowRow {
    return {
      id: r.id,
      businessType: r.businessType,
      name: r.name,
      version: r.version,
      stepCount: r.stepCount,
      running: r.running,
      updatedAt: iso(r.updatedAt),
      updaterName: r.updaterName,
      abilities: { modify: p.permissions.has('splgl:modify'), delete: p.permissions.has('splgl:delete') && !r.used },
    };
  }

  /** Every named user and role exists (NOT_FOUND_ERROR naming the first missing one's place). */
  async function requireSteps(dbx: DbOrTx, steps: ApprovalStep[]) {
    const userIds = new Set<number>();
    const roleIds = new Set<number>();
    for (const s of steps) {
      for (const a of s.approvers) {
        if (a.kind === 'user') userIds.add(a.userId);
        if (a.kind === 'role') roleIds.add(a.roleId);
      }
      s.ccUserIds.forEach((id) => userIds.add(id));
    }
    const missingUsers = new Set(await repo.missingUsers(dbx, [...userIds]));
    const missingRoles = new Set(await repo.missingRoles(dbx, [...roleIds]));
    steps.forEach((s, i) => {
      s.approvers.forEach((a, j) => {
        if ((a.kind === 'user' && missingUsers.has(a.userId)) || (a.kind === 'role' && missingRoles.has(a.roleId))) {
          throw new AppError('NOT_FOUND_ERROR', { field: `steps.${i}.approvers.${j}` });
        }
      });
      const cc = s.ccUserIds.findIndex((id) => missingUsers.has(id));
      if (cc >= 0) throw new AppError('NOT_FOUND_ERROR', { field: `steps.${i}.ccUserIds.${cc}` });
    });
  }

  // ---- Approvals ----

  async function present(p: Principal, records: repo.InstanceRecord[]): Promise<ApprovalRow[]> {
    const open = await repo.openTasks(
      db,
      records.map((r) => r.id),
    );
    return records.map((r) => {
      const tasks = open.filter((t) => t.instanceId === r.id);
      const waiting = tasks.filter((t) => t.state === 'waiting');
      const active = waiting.filter((t) => t.userStatus !== 'frozen');
      const frozen = waiting.filter((t) => t.userStatus === 'frozen');
      const mode = r.stepMode;
      const stalled = r.state !== 'pending' ? null : !tasks.length ? 'noApprover' : frozen.length && (mode !== 'orSign' || !active.length) ? 'frozenApprover' : null;
      const mine = waiting.find((t) => t.userId === p.userId && t.userStatus !== 'frozen');
      const applicant = r.applicantId === p.userId;
      return {
        id: r.id,
        businessType: r.businessType,
        businessId: r.businessId,
        title: r.title,
        state: r.state,
        applicantId: r.applicantId,
        applicantName: r.applicantName,
        orgName: r.orgName,
        flowId: r.flowId,
        version: r.version,
        stepIndex: r.stepIndex,
        stepCount: r.stepCount,
        stepName: r.stepName ?? '',
        submittedAt: iso(r.submittedAt),
        finishedAt: iso(r.finishedAt),
        waitingOn: waiting.map((t) => ({ userId: t.userId, realname: t.realname, frozen: t.userStatus === 'frozen' })),
        stalled,
        myTaskId: mine?.id ?? null,
        abilities: {
          approve: !!mine,
          refuse: !!mine,
          withdraw: applicant && APPROVAL_LIFECYCLE.can(r.state, 'withdraw'),
          resubmit: applicant && APPROVAL_LIFECYCLE.can(r.state, 'resubmit') && !!types().get(r.businessType)?.prepare,
        },
      };
    });
  }
  async function rowOf(p: Principal, id: number): Promise<ApprovalRow> {
    const [record] = await repo.instanceRecords(db, [id]);
    if (!record) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    return onlyRow(await present(p, [record]));
  }

  /**
   * Who reads an approval: its applicant, its approvers and CC persons, an approval-flow
   * administrator within their data scope, and whom the business type's module lets read it.
   */
  async function requireReader(dbx: DbOrTx, p: Principal, r: { id: number; applicantId: number; orgPath: string | null; businessType: string; businessId: number }) {
    if (r.applicantId === p.userId) return;
    if (await repo.isParticipant(dbx, r.id, p.userId)) return;
    if (p.permissions.has('splgl') && r.orgPath && pathInScope(p, r.orgPath)) return;
    if (await types().get(r.businessType)?.mayRead?.(dbx, p, r.businessId)) return;
    throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
  }
  async function locked(tx: DbOrTx, id: number) {
    const inst = await repo.lockInstance(tx, id);
    if (!inst) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    return inst;
  }
  const page = async (p: Principal, q: ApprovalListQuery, found: { rows: repo.InstanceRecord[]; total: number }): Promise<Page<ApprovalRow>> => ({
    records: await present(p, found.rows),
    total: found.total,
    page: q.page,
    size: q.size,
  });

  return {
    flows: {
      async list(p: Principal, q: ApprovalFlowListQuery): Promise<Page<ApprovalFlowRow>> {
        const { rows, total } = await repo.findFlows(db, q);
        return { records: rows.map((r) => presentFlow(p, r)), total, page: q.page, size: q.size };
      },
      async get(p: Principal, id: number): Promise<ApprovalFlowDetail> {
        const r = await repo.getFlow(db, id);
        if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
        const userIds = r.steps.flatMap((s) => [...s.approvers.flatMap((a) => (a.kind === 'user' ? [a.userId] : [])), ...s.ccUserIds]);
        const roleIds = r.steps.flatMap((s) => s.approvers.flatMap((a) => (a.kind === 'role' ? [a.roleId] : [])));
        const [names, roles] = await Promise.all([repo.userNames(db, userIds), repo.roleNames(db, roleIds)]);
        return {
          ...presentFlow(p, r),
          steps: r.steps.map((s) => ({
            name: s.name,
            mode: s.mode,
            approvers: s.approvers.map((a) => ({
              ...a,
              label: a.kind === 'user' ? (names.get(a.userId) ?? null) : a.kind === 'role' ? (roles.get(a.roleId) ?? null) : null,
            })),
            ccUserIds: s.ccUserIds,
            cc: s.ccUserIds.map((userId) => ({ userId, realname: names.get(userId) ?? '' })),
          })),
        };
      },
      candidates: (q: ApprovalCandidateQuery) => repo.findCandidates(db, q.kind, q.keyword),
      /** The spec's business types and those modules registered, each saying whether a flow is defined. */
      async types() {
        const defined = new Set(await repo.definedTypes(db));
        const all = [...new Set([...APPROVAL_BUSINESS_TYPES, ...types().keys(), ...defined])];
        return all.map((businessType) => ({ businessType, defined: defined.has(businessType) }));
      },
      async insert(p: Principal, input: ApprovalFlowInsert) {
        if (!knownType(input.businessType)) throw new AppError('PARAMETER_INVALID', { field: 'businessType' });
        return db.transaction(async (tx) => {
          await requireSteps(tx, input.steps);
          return { id: await repo.insertFlow(tx, { ...input, userId: p.userId }) };
        });
      },
      /** New steps are a new version: approvals already started keep the version they started on. */
      async update(p: Principal, input: ApprovalFlowUpdate) {
        await db.transaction(async (tx) => {
          const [flow] = await repo.lockFlows(tx, [input.id]);
          if (!flow) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
          if (input.steps) await requireSteps(tx, input.steps);
          await repo.updateFlow(tx, flow, { name: input.name, steps: input.steps, userId: p.userId });
        });
        return null;
      },
      /** A flow any approval started on stays (its history refers to it): DATA_IN_USE. */
      async remove(_p: Principal, ids: number[]) {
        return db.transaction(async (tx) => {
          const unique = [...new Set(ids)];
          const rows = await repo.lockFlows(tx, unique);
          if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
          const used = await repo.usedFlowIds(tx, unique);
          if (used.length) throw new AppError('DATA_IN_USE', { field: 'ids', data: { ids: used } });
          await repo.deleteFlows(tx, unique);
          return { count: rows.length };
        });
      },
    },

    async todo(p: Principal, q: ApprovalListQuery) {
      return page(p, q, await repo.findTodo(db, p.userId, q));
    },
    async submitted(p: Principal, q: ApprovalListQuery) {
      return page(p, q, await repo.findSubmitted(db, p.userId, q));
    },
    async get(p: Principal, id: number) {
      const [record] = await repo.instanceRecords(db, [id]);
      if (!record) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      await requireReader(db, p, record);
      return onlyRow(await present(p, [record]));
    },
    /** A business record's approval with every decision of every round, and the current round's tasks. */
    async history(p: Principal, q: ApprovalHistoryQuery): Promise<ApprovalHistory> {
      const id = await repo.instanceIdOf(db, q.businessType, q.businessId);
      if (!id) {
        if (!knownType(q.businessType)) throw new AppError('PARAMETER_INVALID', { field: 'businessType' });
        return { approval: null, records: [], tasks: [] };
      }
      // Deleted since it was found (with its business record).
      const [row] = await repo.instanceRecords(db, [id]);
      const record = found(row, 'NOT_FOUND_ERROR', 'businessId');
      await requireReader(db, p, record);
      const approval = onlyRow(await present(p, [record]));
      const [records, tasks] = await Promise.all([repo.historyOf(db, id), repo.tasksOfRound(db, id, record.round)]);
      return {
        approval,
        records: records.map((r) => ({ ...r, at: iso(r.at) })),
        tasks: tasks.map((t) => ({ ...t, decidedAt: iso(t.decidedAt) })),
      };
    },
    /** Submits through the business type's module (`prepare`: may the caller, and the title). */
    async submit(p: Principal, input: ApprovalSubmit) {
      const prepare = types().get(input.businessType)?.prepare;
      if (!prepare) throw new AppError('PARAMETER_INVALID', { field: 'businessType' });
      const id = await db.transaction(async (tx) => {
        const { title } = await prepare(tx, p, input.businessId);
        // A resubmission is the applicant's (the row's `resubmit` ability says so).
        const existing = await repo.lockInstanceOf(tx, input.businessType, input.businessId);
        if (existing && existing.applicantId !== p.userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'businessId' });
        return submitApproval(app, tx, { ...input, applicantId: p.userId, title });
      });
      return rowOf(p, id);
    },
    async decide(p: Principal, input: ApprovalDecide) {
      await db.transaction(async (tx) => decideApproval(app, tx, await locked(tx, input.id), p.userId, input));
      return rowOf(p, input.id);
    },
    async withdraw(p: Principal, input: ApprovalWithdraw) {
      await db.transaction(async (tx) => withdrawApproval(app, tx, await locked(tx, input.id), p.userId, input.comment));
      return rowOf(p, input.id);
    },
    /** An approval-flow administrator, within their data scope (the applicant's organization). */
    async reassign(p: Principal, input: ApprovalReassign) {
      await db.transaction(async (tx) => {
        const inst = await locked(tx, input.id);
        if (!inst.orgPath || !pathInScope(p, inst.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
        await reassignApproval(tx, inst, p.userId, input);
      });
      return rowOf(p, input.id);
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
