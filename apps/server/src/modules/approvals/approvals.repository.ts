import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Approver, ApprovalAction, ApprovalFlowListQuery, ApprovalState, ApprovalStep, ApprovalStepMode, ApprovalTaskState } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { allOf } from '../../platform/db/conditions.js';
import { onlyRow } from '../../platform/db/rows.js';
import { pagedRows, pageWindow } from '../../platform/paging.js';
import { organizations } from '../orgs/index.js';
import { userRoles, users } from '../users/index.js';
import { approvalCcs, approvalFlowVersions, approvalFlows, approvalInstances, approvalRecords, approvalTasks } from './approvals.schema.js';

// ---- Flow definitions ----

const flowColumns = sql`f.id, f.business_type as "businessType", f.name, f.version, f.updated_at as "updatedAt", u.realname as "updaterName",
  jsonb_array_length(v.steps)::int as "stepCount", v.steps,
  (select count(*)::int from approval_instances i join approval_flow_versions fv on fv.id = i.version_id
    where fv.flow_id = f.id and i.state = 'pending') as running,
  exists (select 1 from approval_instances i join approval_flow_versions fv on fv.id = i.version_id where fv.flow_id = f.id) as used`;
const flowFrom = sql`from approval_flows f join approval_flow_versions v on v.flow_id = f.id and v.version = f.version left join users u on u.id = f.updated_by`;
export interface FlowRecord {
  id: number;
  businessType: string;
  name: string;
  version: number;
  updatedAt: string;
  updaterName: string | null;
  stepCount: number;
  steps: ApprovalStep[];
  running: number;
  used: boolean;
}

/** Flows are few (one per business type): a page in business type order. */
export async function findFlows(db: DbOrTx, q: ApprovalFlowListQuery) {
  const where = q.businessType ? sql`where f.business_type = ${q.businessType}` : sql``;
  return pagedRows<FlowRecord & Record<string, unknown>>(db, sql`select ${flowColumns} ${flowFrom} ${where}`, sql`"businessType", id`, pageWindow(q));
}
export async function getFlow(db: DbOrTx, id: number): Promise<FlowRecord | undefined> {
  const { rows } = await db.execute<FlowRecord & Record<string, unknown>>(sql`select ${flowColumns} ${flowFrom} where f.id = ${id}`);
  return rows[0];
}
export async function definedTypes(db: DbOrTx): Promise<string[]> {
  return (await db.select({ t: approvalFlows.businessType }).from(approvalFlows)).map((r) => r.t);
}
/** The version new approvals of a type start on. */
export async function currentVersion(db: DbOrTx, businessType: string) {
  const [row] = await db
    .select({ flowId: approvalFlows.id, versionId: approvalFlowVersions.id, steps: approvalFlowVersions.steps })
    .from(approvalFlows)
    .innerJoin(approvalFlowVersions, and(eq(approvalFlowVersions.flowId, approvalFlows.id), eq(approvalFlowVersions.version, approvalFlows.version)))
    .where(eq(approvalFlows.businessType, businessType));
  return row;
}
export async function insertFlow(tx: DbOrTx, input: { businessType: string; name: string; steps: ApprovalStep[]; userId: number }) {
  const flow = onlyRow(
    await tx.insert(approvalFlows).values({ businessType: input.businessType, name: input.name, updatedBy: input.userId }).returning({ id: approvalFlows.id }),
  );
  await tx.insert(approvalFlowVersions).values({ flowId: flow.id, version: 1, steps: input.steps, createdBy: input.userId });
  return flow.id;
}
export async function lockFlows(tx: DbOrTx, ids: number[]) {
  return tx.select().from(approvalFlows).where(inArray(approvalFlows.id, ids)).orderBy(asc(approvalFlows.id)).for('update');
}
/** A new version of the steps (running approvals keep theirs) and/or a new name. */
export async function updateFlow(tx: DbOrTx, flow: { id: number; version: number }, input: { name?: string; steps?: ApprovalStep[]; userId: number }) {
  const version = input.steps ? flow.version + 1 : flow.version;
  if (input.steps) await tx.insert(approvalFlowVersions).values({ flowId: flow.id, version, steps: input.steps, createdBy: input.userId });
  await tx
    .update(approvalFlows)
    .set({ ...(input.name !== undefined ? { name: input.name } : {}), version, updatedBy: input.userId, updatedAt: new Date() })
    .where(eq(approvalFlows.id, flow.id));
}
/** Flows any approval started on (their history refers to the versions). */
export async function usedFlowIds(tx: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: approvalFlowVersions.flowId })
    .from(approvalInstances)
    .innerJoin(approvalFlowVersions, eq(approvalFlowVersions.id, approvalInstances.versionId))
    .where(inArray(approvalFlowVersions.flowId, ids));
  return rows.map((r) => r.id);
}
export const deleteFlows = (tx: DbOrTx, ids: number[]) => tx.delete(approvalFlows).where(inArray(approvalFlows.id, ids));

/** The ids of those given that are no user (NOT_FOUND_ERROR in the editor). */
export async function missingUsers(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
export async function missingRoles(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<{ id: number }>(sql`select id from roles where id = any(${sql.param(ids)}::int[])`);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  return new Map((await db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.name]));
}
export async function roleNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`select id, name from roles where id = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Up to 20 active users or roles whose name holds the keyword, for the flow editor. */
export async function findCandidates(db: DbOrTx, kind: 'user' | 'role', keyword: string | undefined) {
  const like = `%${(keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const { rows } =
    kind === 'user'
      ? await db.execute<{ id: number; name: string; detail: string | null }>(sql`select u.id, u.realname as name, o.name as detail from users u
          left join organizations o on o.id = u.org_id where u.status = 'normal' and u.search_text like ${like} order by u.id limit 20`)
      : await db.execute<{ id: number; name: string; detail: string | null }>(
          sql`select id, name, null::text as detail from roles where status = 'normal' and lower(name) like ${like} order by id limit 20`,
        );
  return rows;
}

// ---- Who approves ----

export interface ResolvedUser {
  userId: number;
  realname: string;
  frozen: boolean;
}
/**
 * The people a step's approvers stand for, in the order declared, each once: named users, the
 * holders of a role, the applicant's direct leader, the leaders of the applicant's organization.
 */
export async function resolveApprovers(db: DbOrTx, approvers: readonly Approver[], applicantId: number): Promise<ResolvedUser[]> {
  const [applicant] = await db
    .select({ leaderId: users.leaderId, orgLeaders: organizations.leaderIds })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, applicantId));
  const ids: number[] = [];
  for (const a of approvers) {
    if (a.kind === 'user') ids.push(a.userId);
    else if (a.kind === 'leader') {
      if (applicant?.leaderId) ids.push(applicant.leaderId);
    } else if (a.kind === 'orgLeader') ids.push(...(applicant?.orgLeaders ?? []));
    else {
      const holders = await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.roleId, a.roleId), eq(users.status, 'normal')))
        .orderBy(asc(userRoles.userId));
      ids.push(...holders.map((h) => h.id));
    }
  }
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await db.select({ id: users.id, realname: users.realname, status: users.status }).from(users).where(inArray(users.id, unique));
  const byId = new Map(found.map((u) => [u.id, u]));
  return unique.flatMap((id) => {
    const u = byId.get(id);
    return u ? [{ userId: id, realname: u.realname, frozen: u.status === 'frozen' }] : [];
  });
}
export async function userStatus(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: users.id, realname: users.realname, status: users.status }).from(users).where(eq(users.id, id));
  return row;
}

// ---- Instances ----

export type InstanceLock = typeof approvalInstances.$inferSelect & { steps: ApprovalStep[]; orgPath: string | null };
const lockColumns = { steps: approvalFlowVersions.steps, orgPath: organizations.path };
function lockQuery(tx: DbOrTx, where: SQL) {
  return tx
    .select({ i: approvalInstances, ...lockColumns })
    .from(approvalInstances)
    .innerJoin(approvalFlowVersions, eq(approvalFlowVersions.id, approvalInstances.versionId))
    .leftJoin(organizations, eq(organizations.id, approvalInstances.orgId))
    .where(where)
    .for('update', { of: approvalInstances });
}
/** The approval locked for a decision, with its version's steps: two decisions on it run one after the other. */
export async function lockInstance(tx: DbOrTx, id: number): Promise<InstanceLock | undefined> {
  const [row] = await lockQuery(tx, eq(approvalInstances.id, id));
  return row && { ...row.i, steps: row.steps, orgPath: row.orgPath };
}
export async function lockInstanceOf(tx: DbOrTx, businessType: string, businessId: number): Promise<InstanceLock | undefined> {
  const [row] = await lockQuery(tx, allOf(eq(approvalInstances.businessType, businessType), eq(approvalInstances.businessId, businessId)));
  return row && { ...row.i, steps: row.steps, orgPath: row.orgPath };
}
export async function instanceIdOf(db: DbOrTx, businessType: string, businessId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: approvalInstances.id })
    .from(approvalInstances)
    .where(and(eq(approvalInstances.businessType, businessType), eq(approvalInstances.businessId, businessId)));
  return row?.id;
}
export async function insertInstance(tx: DbOrTx, values: typeof approvalInstances.$inferInsert) {
  return onlyRow(await tx.insert(approvalInstances).values(values).returning({ id: approvalInstances.id })).id;
}
export async function updateInstance(tx: DbOrTx, id: number, set: Partial<typeof approvalInstances.$inferInsert>) {
  await tx
    .update(approvalInstances)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(approvalInstances.id, id));
}
export async function applicantOrg(db: DbOrTx, userId: number) {
  const [row] = await db.select({ orgId: users.orgId, realname: users.realname }).from(users).where(eq(users.id, userId));
  return row;
}

// ---- Tasks, records, copies ----

export type TaskRow = typeof approvalTasks.$inferSelect;
/** The tasks of one step of one round, in their order. */
export function stepTasks(tx: DbOrTx, instanceId: number, round: number, stepIndex: number): Promise<TaskRow[]> {
  return tx
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.round, round), eq(approvalTasks.stepIndex, stepIndex)))
    .orderBy(asc(approvalTasks.position), asc(approvalTasks.id));
}
export function roundTasksOf(tx: DbOrTx, instanceId: number, round: number, userId: number): Promise<TaskRow[]> {
  return tx
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.round, round), eq(approvalTasks.userId, userId)))
    .orderBy(asc(approvalTasks.id));
}
export async function insertTasks(tx: DbOrTx, rows: (typeof approvalTasks.$inferInsert)[]) {
  if (rows.length) await tx.insert(approvalTasks).values(rows);
}
export async function setTask(tx: DbOrTx, id: number, set: { state?: ApprovalTaskState; comment?: string; decidedAt?: Date; userId?: number }) {
  await tx.update(approvalTasks).set(set).where(eq(approvalTasks.id, id));
}
/** Closes the open (waiting or queued) tasks of a round. */
export async function cancelOpenTasks(tx: DbOrTx, instanceId: number, round: number, stepIndex?: number) {
  await tx
    .update(approvalTasks)
    .set({ state: 'cancelled' })
    .where(
      and(
        eq(approvalTasks.instanceId, instanceId),
        eq(approvalTasks.round, round),
        inArray(approvalTasks.state, ['waiting', 'queued']),
        stepIndex === undefined ? undefined : eq(approvalTasks.stepIndex, stepIndex),
      ),
    );
}
export async function addRecord(
  tx: DbOrTx,
  r: { instanceId: number; round: number; stepIndex: number | null; action: ApprovalAction; userId: number | null; comment?: string; at: Date },
) {
  await tx.insert(approvalRecords).values({ ...r, comment: r.comment ?? '' });
}
export async function addCopies(tx: DbOrTx, rows: { instanceId: number; round: number; stepIndex: number; userId: number }[]) {
  if (rows.length) await tx.insert(approvalCcs).values(rows);
}

/** Whether the user takes part in the approval: a task in any round, or a copy. */
export async function isParticipant(db: DbOrTx, instanceId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select exists (select 1 from approval_tasks where instance_id = ${instanceId} and user_id = ${userId})
    or exists (select 1 from approval_ccs where instance_id = ${instanceId} and user_id = ${userId}) as ok`);
  return !!rows[0]?.ok;
}

// ---- Reads ----

export interface InstanceRecord {
  id: number;
  businessType: string;
  businessId: number;
  title: string;
  state: ApprovalState;
  applicantId: number;
  applicantName: string;
  orgName: string | null;
  orgPath: string | null;
  flowId: number;
  version: number;
  stepIndex: number;
  stepCount: number;
  stepName: string | null;
  stepMode: ApprovalStepMode | null;
  round: number;
  submittedAt: string;
  finishedAt: string | null;
}
const instanceSelect = sql`select i.id, i.business_type as "businessType", i.business_id as "businessId", i.title, i.state,
  i.applicant_id as "applicantId", a.realname as "applicantName", o.name as "orgName", o.path as "orgPath", v.flow_id as "flowId", v.version,
  i.step_index as "stepIndex", jsonb_array_length(v.steps)::int as "stepCount", v.steps -> i.step_index ->> 'name' as "stepName",
  v.steps -> i.step_index ->> 'mode' as "stepMode", i.round,
  i.submitted_at as "submittedAt", i.finished_at as "finishedAt"
  from approval_instances i join approval_flow_versions v on v.id = i.version_id join users a on a.id = i.applicant_id
  left join organizations o on o.id = i.org_id`;
const listFilters = (q: { businessType?: string; state?: string }) =>
  sql`${q.businessType ? sql` and i.business_type = ${q.businessType}` : sql``}${q.state ? sql` and i.state = ${q.state}` : sql``}`;

/** Approvals waiting on the user's decision, oldest first. */
export function findTodo(db: DbOrTx, userId: number, q: { page: number; size: number; businessType?: string; state?: string }) {
  return pagedRows<InstanceRecord & Record<string, unknown>>(
    db,
    sql`${instanceSelect} where exists (select 1 from approval_tasks t where t.instance_id = i.id and t.user_id = ${userId} and t.state = 'waiting')${listFilters(q)}`,
    sql`"submittedAt", id`,
    pageWindow(q),
  );
}
/** The user's own approvals, newest first. */
export function findSubmitted(db: DbOrTx, userId: number, q: { page: number; size: number; businessType?: string; state?: string }) {
  return pagedRows<InstanceRecord & Record<string, unknown>>(
    db,
    sql`${instanceSelect} where i.applicant_id = ${userId}${listFilters(q)}`,
    sql`"submittedAt" desc, id desc`,
    pageWindow(q),
  );
}
export async function instanceRecords(db: DbOrTx, ids: number[]): Promise<InstanceRecord[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<InstanceRecord & Record<string, unknown>>(sql`${instanceSelect} where i.id = any(${sql.param(ids)}::int[])`);
  return rows;
}
/** The open tasks of the approvals' current steps, with their people. */
export async function openTasks(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: approvalTasks.id,
      instanceId: approvalTasks.instanceId,
      userId: approvalTasks.userId,
      state: approvalTasks.state,
      realname: users.realname,
      userStatus: users.status,
    })
    .from(approvalTasks)
    .innerJoin(users, eq(users.id, approvalTasks.userId))
    .where(and(inArray(approvalTasks.instanceId, ids), inArray(approvalTasks.state, ['waiting', 'queued'])))
    .orderBy(asc(approvalTasks.position), asc(approvalTasks.id));
}
export async function historyOf(db: DbOrTx, instanceId: number) {
  return db
    .select({
      id: approvalRecords.id,
      round: approvalRecords.round,
      stepIndex: approvalRecords.stepIndex,
      action: approvalRecords.action,
      userId: approvalRecords.userId,
      realname: users.realname,
      comment: approvalRecords.comment,
      at: approvalRecords.at,
    })
    .from(approvalRecords)
    .leftJoin(users, eq(users.id, approvalRecords.userId))
    .where(eq(approvalRecords.instanceId, instanceId))
    .orderBy(asc(approvalRecords.id));
}
export async function tasksOfRound(db: DbOrTx, instanceId: number, round: number) {
  return db
    .select({
      stepIndex: approvalTasks.stepIndex,
      position: approvalTasks.position,
      userId: approvalTasks.userId,
      realname: users.realname,
      state: approvalTasks.state,
      decidedAt: approvalTasks.decidedAt,
      comment: approvalTasks.comment,
    })
    .from(approvalTasks)
    .innerJoin(users, eq(users.id, approvalTasks.userId))
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.round, round)))
    .orderBy(asc(approvalTasks.stepIndex), asc(approvalTasks.position), asc(approvalTasks.id));
}
