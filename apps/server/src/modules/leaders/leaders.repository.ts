import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { LeaderOrg } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { yearPlans } from '../year-plans/index.js';
import { trainPlans } from '../train-plans/index.js';
import { trainingLeaderOrgs, trainingLeaders } from './leaders.schema.js';

const l = trainingLeaders;

/** The organizations a leader leads, in tree order, as `[{ id, name }]`. */
const ledOrgs = sql<LeaderOrg[]>`(select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) order by o.path), '[]'::json)
  from training_leader_orgs lo join organizations o on o.id = lo.org_id where lo.leader_id = ${l.id})`;

const columns = {
  id: l.id,
  userId: l.userId,
  realname: sql<string>`coalesce(${users.realname}, '')`,
  username: sql<string>`coalesce(${users.username}, '')`,
  title: l.title,
  orgs: ledOrgs,
  orgId: l.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: l.createdBy,
  creatorName: sql<string | null>`(select c.realname from users c where c.id = ${l.createdBy})`,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
};

/** The management list: leaders whose own organization lies in the caller's data scope. */
export const leaderList = defineList({
  name: 'leader_list',
  table: trainingLeaders,
  tables: ['training_leaders', 'training_leader_orgs', 'users'],
  scope: { column: l.orgId },
  filters: {
    ledOrgId: (v) => sql`exists (select 1 from training_leader_orgs lo where lo.leader_id = ${l.id} and lo.org_id = ${v})`,
  },
  keyword: (pattern) => or(ilike(users.realname, pattern), ilike(users.username, pattern), ilike(l.title, pattern)),
  sort: { id: l.id, realname: users.realname, createdAt: l.createdAt },
  columns,
  join: (q) => q.leftJoin(users, eq(users.id, l.userId)).leftJoin(organizations, eq(organizations.id, l.orgId)),
});
export type LeaderListRow = Awaited<ReturnType<typeof leaderList.rowsOf>>[number];

export const lockLeaders = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, trainingLeaders, ids, ['userId']);
export const insertLeader = (tx: DbOrTx, values: typeof trainingLeaders.$inferInsert) => insertRow(tx, trainingLeaders, values);

/** A user's organization (null when the user does not exist). */
export async function userOrg(db: DbOrTx, userId: number): Promise<{ orgId: number | null } | null> {
  const [r] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId));
  return r ?? null;
}

export async function replaceLedOrgs(tx: DbOrTx, leaderId: number, orgIds: number[]) {
  await tx.delete(trainingLeaderOrgs).where(eq(trainingLeaderOrgs.leaderId, leaderId));
  await tx.insert(trainingLeaderOrgs).values([...new Set(orgIds)].map((orgId) => ({ leaderId, orgId })));
}

/** The caller's designation: title and the organizations led with their paths. */
export async function designationOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ title: l.title, orgId: organizations.id, orgName: organizations.name, path: organizations.path })
    .from(l)
    .leftJoin(trainingLeaderOrgs, eq(trainingLeaderOrgs.leaderId, l.id))
    .leftJoin(organizations, eq(organizations.id, trainingLeaderOrgs.orgId))
    .where(eq(l.userId, userId))
    .orderBy(organizations.path);
  const [first] = rows;
  if (!first) return null;
  return {
    title: first.title,
    orgs: rows.flatMap((r) => (r.orgId && r.path ? [{ id: r.orgId, name: r.orgName ?? '', path: r.path }] : [])),
  };
}

/** Under one of the paths (an organization led or one of its sub-organizations). */
const underAny = (path: SQL | typeof organizations.path, paths: string[]) => sql`${path} like any(${sql.param(paths.map((p) => `${p}%`))}::text[])`;

/** Annual plans of the organizations under `paths` for `year`, drafts left out (the department's unfinished work). */
export function annualPlansUnder(db: DbOrTx, paths: string[], year: number, limit: number) {
  return db
    .select({
      id: yearPlans.id,
      name: yearPlans.name,
      orgName: organizations.name,
      orgPath: organizations.path,
      year: yearPlans.year,
      type: yearPlans.type,
      state: yearPlans.status,
      totalBudget: yearPlans.totalBudget,
      totalSessions: yearPlans.totalSessions,
    })
    .from(yearPlans)
    .innerJoin(organizations, eq(organizations.id, yearPlans.orgId))
    .where(and(eq(yearPlans.year, year), ne(yearPlans.status, 'draft'), underAny(organizations.path, paths)))
    .orderBy(organizations.path, yearPlans.id)
    .limit(limit);
}

/** Unplanned plans starting in `year` of the organizations under `paths`, drafts left out. */
export function trainPlansUnder(db: DbOrTx, paths: string[], year: number, limit: number) {
  return db
    .select({
      id: trainPlans.id,
      name: trainPlans.name,
      orgName: organizations.name,
      orgPath: organizations.path,
      startDate: trainPlans.startDate,
      endDate: trainPlans.endDate,
      state: trainPlans.status,
      totalBudget: trainPlans.totalBudget,
      sessions: trainPlans.sessions,
      trainees: trainPlans.trainees,
    })
    .from(trainPlans)
    .innerJoin(organizations, eq(organizations.id, trainPlans.orgId))
    .where(and(sql`extract(year from ${trainPlans.startDate}) = ${year}`, ne(trainPlans.status, 'draft'), underAny(organizations.path, paths)))
    .orderBy(trainPlans.startDate, trainPlans.id)
    .limit(limit);
}

/** Count, budget and sessions per organization path prefix (each led organization with its sub-organizations). */
export async function totalsUnder(db: DbOrTx, paths: string[], year: number) {
  type Row = { path: string; count: number; budget: string; sessions: string };
  const led = sql`unnest(${sql.param(paths)}::text[]) as p(path) left join organizations o on o.path like p.path || '%'`;
  const annual = await db.execute<Row>(sql`
    select p.path, count(${yearPlans.id})::int as count, coalesce(sum(${yearPlans.totalBudget}), 0)::text as budget,
      coalesce(sum(${yearPlans.totalSessions}), 0)::text as sessions
    from ${led}
    left join ${yearPlans} on ${yearPlans.orgId} = o.id and ${yearPlans.year} = ${year} and ${yearPlans.status} <> 'draft'
    group by p.path`);
  const adHoc = await db.execute<Row>(sql`
    select p.path, count(${trainPlans.id})::int as count, coalesce(sum(${trainPlans.totalBudget}), 0)::text as budget,
      coalesce(sum(${trainPlans.sessions}), 0)::text as sessions
    from ${led}
    left join ${trainPlans} on ${trainPlans.orgId} = o.id and extract(year from ${trainPlans.startDate}) = ${year} and ${trainPlans.status} <> 'draft'
    group by p.path`);
  const toMap = (rows: Row[]) => new Map(rows.map((r) => [r.path, { count: Number(r.count), budget: Number(r.budget), sessions: Number(r.sessions) }]));
  return { annual: toMap(annual.rows), adHoc: toMap(adHoc.rows) };
}
export interface Totals {
  count: number;
  budget: number;
  sessions: number;
}
