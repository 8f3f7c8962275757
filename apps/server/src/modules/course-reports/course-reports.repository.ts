import { sql, type SQL } from 'drizzle-orm';
import {
  COURSE_INFO_SORT_KEYS,
  COURSE_REPORT_SORT_KEYS,
  PERSON_REPORT_SORT_KEYS,
  STUDY_REPORT_SORT_KEYS,
  type CourseInfoQuery,
  type CourseReportQuery,
  type PersonReportQuery,
  type StudyReportQuery,
} from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { keywordPattern } from '../../platform/list.js';
import { inScope, requireInScope } from '../../platform/scope.js';
import { orderOf, pagedRows, type PageWindow } from '../../platform/paging.js';
import { filterOrgPath } from '../orgs/index.js';

interface LearnerFilter {
  keyword?: string;
  orgPath?: string | null;
  from?: string;
  to?: string;
}

/**
 * Conditions on learner rows `l` joined to their user `u`: the user's organization in the caller's
 * scope (and in the filter's subtree), the name, and learning that overlaps the date range.
 */
function learnerWhere(principal: Principal, f: LearnerFilter): SQL {
  return sql.join([...personWhere(principal, f), ...activityIn(f)], sql` and `);
}

/** Conditions on the person `u`: in the caller's scope (and the filter's subtree), by name. */
function personWhere(principal: Principal, f: Omit<LearnerFilter, 'from' | 'to'>): SQL[] {
  const parts: SQL[] = [inScope(principal, sql`u.org_id`)];
  if (f.orgPath) parts.push(sql`u.org_id in (select o.id from organizations o where o.path like ${`${f.orgPath}%`})`);
  if (f.keyword) parts.push(sql`(u.realname ilike ${keywordPattern(f.keyword)} or u.username ilike ${keywordPattern(f.keyword)})`);
  return parts;
}

/** Learning that overlaps the range: last learnt (or started) after its start, started before its end. */
function activityIn(f: { from?: string; to?: string }): SQL[] {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`coalesce(l.last_learned_at, l.started_at) >= ${f.from}::timestamptz`);
  // A date alone covers its whole day.
  if (f.to) parts.push(f.to.length === 10 ? sql`l.started_at < ${f.to}::date + 1` : sql`l.started_at <= ${f.to}::timestamptz`);
  return parts;
}

export interface StudyRow extends Record<string, unknown> {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  learning: number;
  passed: number;
  learnedSeconds: number;
  credits: number;
  lastLearnedAt: Date | string | null;
}

const studyColumns = sql`u.realname, u.username, o.name as "orgName", a.learning, a.passed, a.learned_seconds as "learnedSeconds", a.credits, a.last_learned_at as "lastLearnedAt"`;

/**
 * Per person: courses learning and passed, counted time, credits. Without a date range it reads
 * the people's maintained totals (`learner_totals`, one row each): the page is the top of one
 * scan with no per-row window and the count a separate narrow statement. Learning within a range
 * is grouped from the learner rows of that range.
 */
export async function studyReport(db: DbOrTx, principal: Principal, q: Omit<StudyReportQuery, 'page' | 'size'>, page: PageWindow) {
  const orgPath = await filterOrgPath(db, q.orgId);
  const order = orderOf(q.sort, STUDY_REPORT_SORT_KEYS, { key: 'learnedSeconds', desc: true }, 'userId');
  if (!q.from && !q.to) {
    const where = sql`a.learning + a.passed > 0 and ${sql.join(personWhere(principal, { ...q, orgPath }), sql` and `)}`;
    const [{ rows }, { rows: count }] = await Promise.all([
      db.execute<StudyRow>(sql`select a.user_id as "userId", ${studyColumns}
        from learner_totals a join users u on u.id = a.user_id left join organizations o on o.id = u.org_id
        where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`),
      db.execute<{ n: number }>(sql`select count(*)::int as n from learner_totals a join users u on u.id = a.user_id where ${where}`),
    ]);
    return { rows, total: count[0]?.n ?? 0 };
  }
  const grouped = sql`select l.user_id, count(*) filter (where l.status = 'learning')::int as learning, count(*) filter (where l.status = 'passed')::int as passed,
      coalesce(sum(l.learned_seconds), 0)::int as learned_seconds, coalesce(sum(l.credit_awarded), 0)::int as credits, max(l.last_learned_at) as last_learned_at
    from course_learners l join users u on u.id = l.user_id
    where ${learnerWhere(principal, { ...q, orgPath })} group by l.user_id`;
  const query = sql`select a.user_id as "userId", ${studyColumns}
    from (${grouped}) a join users u on u.id = a.user_id left join organizations o on o.id = u.org_id`;
  return pagedRows<StudyRow>(db, query, order, page);
}

/** One person's maintained totals (zeros for someone who never learnt). */
export async function personTotals(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ learning: number; passed: number; learnedSeconds: number; credits: number; lastLearnedAt: Date | string | null }>(
    sql`select learning, passed, learned_seconds as "learnedSeconds", credits, last_learned_at as "lastLearnedAt" from learner_totals where user_id = ${userId}`,
  );
  return rows[0] ?? { learning: 0, passed: 0, learnedSeconds: 0, credits: 0, lastLearnedAt: null };
}

/** A person the caller may report on: their organization lies in the caller's scope. */
export async function personInScope(db: DbOrTx, principal: Principal, userId: number) {
  const { rows } = await db.execute<{ id: number; realname: string; username: string; orgName: string | null; inScope: boolean }>(
    sql`select u.id, u.realname, u.username, o.name as "orgName", ${inScope(principal, sql`u.org_id`)} as "inScope"
      from users u left join organizations o on o.id = u.org_id where u.id = ${userId}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'userId' });
  if (!row.inScope) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'userId' });
  return { id: row.id, realname: row.realname, username: row.username, orgName: row.orgName };
}

export interface PersonRow extends Record<string, unknown> {
  courseId: number;
  courseName: string;
  required: boolean;
  status: 'learning' | 'passed';
  progress: number;
  learnedSeconds: number;
  score: number | null;
  credits: number;
  startedAt: Date | string;
  lastLearnedAt: Date | string | null;
  passedAt: Date | string | null;
}

/** One person's courses (by the learner index on the user). */
export async function personReport(db: DbOrTx, q: Omit<PersonReportQuery, 'page' | 'size'>, page: PageWindow) {
  const parts: SQL[] = [sql`l.user_id = ${q.userId}`];
  if (q.keyword) parts.push(sql`c.name ilike ${keywordPattern(q.keyword)}`);
  if (q.status) parts.push(sql`l.status = ${q.status}`);
  parts.push(...activityIn(q));
  const query = sql`select c.id as "courseId", c.name as "courseName", c.required, l.status, l.progress, l.learned_seconds as "learnedSeconds", l.score,
      l.credit_awarded as credits, l.started_at as "startedAt", l.last_learned_at as "lastLearnedAt", l.passed_at as "passedAt"
    from course_learners l join courses c on c.id = l.course_id where ${sql.join(parts, sql` and `)}`;
  const order = orderOf(q.sort, PERSON_REPORT_SORT_KEYS, { key: 'startedAt', desc: true }, 'courseId');
  return pagedRows<PersonRow>(db, query, order, page);
}

export interface CourseRow extends Record<string, unknown> {
  courseId: number;
  name: string;
  categoryName: string | null;
  status: string;
  learners: number;
  passed: number;
  passRate: number;
  avgSeconds: number;
}

/**
 * Per course (every course of the caller's scope that was ever published): learners in the caller's
 * scope, passed, pass rate, average time. A course of another branch is not listed, whoever learnt it.
 */
export async function courseReport(db: DbOrTx, principal: Principal, q: Omit<CourseReportQuery, 'page' | 'size'>, page: PageWindow) {
  const orgPath = await filterOrgPath(db, q.orgId);
  const parts: SQL[] = [sql`c.status <> 'draft'`, inScope(principal, sql`c.org_id`)];
  if (q.keyword) parts.push(sql`c.name ilike ${keywordPattern(q.keyword)}`);
  if (q.categoryId) parts.push(sql`c.category_id = ${q.categoryId}`);
  const query = sql`select c.id as "courseId", c.name, k.name as "categoryName", c.status, coalesce(a.learners, 0)::int as learners, coalesce(a.passed, 0)::int as passed,
      case when coalesce(a.learners, 0) = 0 then 0 else round(a.passed * 1000.0 / a.learners) / 10 end::float8 as "passRate",
      coalesce(a.avg_seconds, 0)::int as "avgSeconds"
    from courses c left join course_categories k on k.id = c.category_id
    left join (select l.course_id, count(*) as learners, count(*) filter (where l.status = 'passed') as passed, round(avg(l.learned_seconds)) as avg_seconds
      from course_learners l join users u on u.id = l.user_id
      where ${learnerWhere(principal, { from: q.from, to: q.to, orgPath })} group by l.course_id) a on a.course_id = c.id
    where ${sql.join(parts, sql` and `)}`;
  const order = orderOf(q.sort, COURSE_REPORT_SORT_KEYS, { key: 'learners', desc: true }, 'courseId');
  return pagedRows<CourseRow>(db, query, order, page);
}

/** A course the caller may report on: its organization lies in the caller's scope. */
export async function getCourseInScope(db: DbOrTx, principal: Principal, id: number) {
  const { rows } = await db.execute<{ id: number; name: string; status: string; orgPath: string | null }>(
    sql`select c.id, c.name, c.status, o.path as "orgPath" from courses c left join organizations o on o.id = c.org_id where c.id = ${id}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'courseId' });
  requireInScope(principal, row.orgPath, { field: 'courseId' });
  return { id: row.id, name: row.name, status: row.status };
}

export interface CourseInfoDbRow extends Record<string, unknown> {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  source: string;
  status: 'learning' | 'passed';
  progress: number;
  learnedSeconds: number;
  score: number | null;
  startedAt: Date | string;
  lastLearnedAt: Date | string | null;
  passedAt: Date | string | null;
}

/** One course's learners in the caller's scope (by the learner index on the course). */
export async function courseInfo(db: DbOrTx, principal: Principal, q: Omit<CourseInfoQuery, 'page' | 'size'>, page: PageWindow) {
  const orgPath = await filterOrgPath(db, q.orgId);
  const where = [sql`l.course_id = ${q.courseId}`, learnerWhere(principal, { ...q, orgPath })];
  if (q.status) where.push(sql`l.status = ${q.status}`);
  const query = sql`select u.id as "userId", u.realname, u.username, o.name as "orgName", l.source, l.status, l.progress, l.learned_seconds as "learnedSeconds", l.score,
      l.started_at as "startedAt", l.last_learned_at as "lastLearnedAt", l.passed_at as "passedAt"
    from course_learners l join users u on u.id = l.user_id left join organizations o on o.id = u.org_id where ${sql.join(where, sql` and `)}`;
  const order = orderOf(q.sort, COURSE_INFO_SORT_KEYS, { key: 'startedAt', desc: true }, 'userId');
  return pagedRows<CourseInfoDbRow>(db, query, order, page);
}
