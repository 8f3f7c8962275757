import { sql } from 'drizzle-orm';
import { EXAM_AUDIENCE, MONITORING_RECENT_DAYS, type ExamineeQuery, type ExamStatus, type ExamineeState, type MonitoredExamQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { pagedRows, pageWindow } from '../../platform/paging.js';
import { audienceUserIds } from '../audiences/index.js';
import { examAttemptAnswers, examAttempts, examPhotos, examStateNow, exams } from '../exams/index.js';
import { files } from '../uploads/index.js';
import { onlyRow } from '../../platform/db/rows.js';

export interface ExamHead {
  id: number;
  name: string;
  status: ExamStatus;
  startAt: string;
  endAt: string;
  orgName: string | null;
  orgPath: string | null;
  photoInterval: number;
}

// Unaliased: `examStateNow` names the exams table's columns.
const headColumns = sql`exams.id, exams.name, ${examStateNow} as status, exams.start_at as "startAt", exams.end_at as "endAt", o.name as "orgName", o.path as "orgPath", exams.photo_interval as "photoInterval"`;

/** Published and started exams of the caller's scope, and those ended in the last days; the newest start first. */
export async function findMonitoredExams(db: DbOrTx, principal: Principal, q: MonitoredExamQuery) {
  const kw = q.keyword ? sql` and exams.name ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const query = sql`select ${headColumns} from ${exams} left join organizations o on o.id = exams.org_id
    where exams.status in ('published', 'started', 'ended') and exams.end_at > now() - make_interval(days => ${MONITORING_RECENT_DAYS})
      and ${inScope(principal, exams.orgId)}${kw}`;
  return pagedRows<ExamHead & Record<string, unknown>>(db, query, sql.raw('"startAt" desc, id desc'), pageWindow(q));
}

export async function getExamHead(db: DbOrTx, id: number): Promise<ExamHead | null> {
  const { rows } = await db.execute<ExamHead & Record<string, unknown>>(
    sql`select ${headColumns} from ${exams} left join organizations o on o.id = exams.org_id where exams.id = ${id} and exams.status <> 'draft'`,
  );
  return rows[0] ?? null;
}

/** The counts of one exam: audience, taking now, submitted (people), not started, exceptions (attempts). */
export async function examCounts(db: DbOrTx, examId: number) {
  const { rows } = await db.execute<{ audience: number; taking: number; submitted: number; notStarted: number; exceptions: number }>(sql`
    with aud as (${audienceUserIds({ type: EXAM_AUDIENCE, id: examId })}),
    att as (select user_id, status, submitted_by from ${examAttempts} where exam_id = ${examId})
    select (select count(*)::int from aud) as audience,
      (select count(*)::int from att where status = 'ongoing') as taking,
      (select count(distinct user_id)::int from att where status <> 'ongoing') as submitted,
      (select count(*)::int from aud where not exists (select 1 from att where att.user_id = aud.user_id)) as "notStarted",
      (select count(*)::int from att where submitted_by = 'leaveLimit') as exceptions`);
  return onlyRow(rows);
}

export interface ExamineeDbRow {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  state: ExamineeState;
  attemptId: number | null;
  attemptNumber: number | null;
  leaveCount: number;
  answered: number;
  questions: number;
  deadlineAt: string | null;
  photoId: string | null;
  photoAt: string | null;
  photoCount: number;
}

/**
 * One exam's examinees: its audience and anyone who has an attempt (a person who left the audience
 * keeps their attempt), each with their latest attempt (the running one first) and latest photo.
 */
export async function findExaminees(db: DbOrTx, q: ExamineeQuery) {
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const query = sql`select * from (select u.id as "userId", u.realname, u.username, o.name as "orgName",
      case when la.id is null then 'notStarted' when la.status = 'ongoing' then 'taking' when la.submitted_by = 'leaveLimit' then 'exception' else 'submitted' end as state,
      la.id as "attemptId", la.number as "attemptNumber", coalesce(la.leave_count, 0)::int as "leaveCount",
      coalesce(la.answered, 0)::int as answered, coalesce(la.questions, 0)::int as questions, la.deadline_at as "deadlineAt",
      ph.public_id::text as "photoId", ph.taken_at as "photoAt", coalesce(ph.n, 0)::int as "photoCount"
    from (${audienceUserIds({ type: EXAM_AUDIENCE, id: q.examId })} union select user_id from ${examAttempts} where exam_id = ${q.examId}) p(user_id)
    join users u on u.id = p.user_id left join organizations o on o.id = u.org_id
    left join lateral (select a.id, a.number, a.status, a.submitted_by, a.leave_count, a.deadline_at, jsonb_array_length(a.questions) as questions,
        (select count(*) from ${examAttemptAnswers} w where w.attempt_id = a.id and w.answer is not null and w.answer <> '{}'::jsonb) as answered
      from ${examAttempts} a where a.exam_id = ${q.examId} and a.user_id = u.id order by (a.status = 'ongoing') desc, a.number desc limit 1) la on true
    left join lateral (select f.public_id, x.taken_at, count(*) over () as n from ${examPhotos} x join ${files} f on f.id = x.file_id
      where x.attempt_id = la.id order by x.taken_at desc limit 1) ph on true
    ${kw ? sql`where (u.realname ilike ${kw} or u.username ilike ${kw})` : sql``}) r
    ${q.state ? sql`where r.state = ${q.state}` : sql``}`;
  return pagedRows<ExamineeDbRow & Record<string, unknown>>(db, query, sql.raw('realname asc, "userId" asc'), pageWindow(q));
}

/** One attempt with its examinee and exam (organization path for the scope check). */
export async function getAttemptHead(db: DbOrTx, attemptId: number) {
  const { rows } = await db.execute<{
    attemptId: number;
    examId: number;
    examName: string;
    orgPath: string | null;
    realname: string;
    username: string;
    startedAt: string;
  }>(sql`
    select a.id as "attemptId", e.id as "examId", e.name as "examName", o.path as "orgPath", u.realname, u.username, a.started_at as "startedAt"
    from ${examAttempts} a join ${exams} e on e.id = a.exam_id join users u on u.id = a.user_id left join organizations o on o.id = e.org_id where a.id = ${attemptId}`);
  return rows[0] ?? null;
}

export async function photosOf(db: DbOrTx, attemptId: number) {
  const { rows } = await db.execute<{ id: number; publicId: string; takenAt: string }>(sql`
    select x.id, f.public_id::text as "publicId", x.taken_at as "takenAt" from ${examPhotos} x join ${files} f on f.id = x.file_id
    where x.attempt_id = ${attemptId} order by x.taken_at, x.id`);
  return rows;
}
