import { and, eq, inArray, sql } from 'drizzle-orm';
import { SURVEY_AUDIENCE, type AnswerSet, type MySurveyQuery, type SURVEY_SORT_KEYS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { deleteRows, insertRow, rowExists, updateRow } from '../../platform/table-rows.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { pagedRows } from '../../platform/paging.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionnaireCategories, storedItems } from '../questionnaires/index.js';
import { audienceUserIds, inAudience } from '../audiences/index.js';
import { surveyDrafts, surveyRespondents, surveyResponses, surveys } from './surveys.schema.js';

/** A released survey past its end is ended, whatever the clock job has stored yet. */
const stateNow = sql<string>`case when ${surveys.status} = 'released' and ${surveys.endAt} <= now() then 'ended' else ${surveys.status} end`;
const respondents = sql<number>`(select count(*)::int from survey_respondents r where r.survey_id = ${surveys.id})`;

const rowColumns = {
  id: surveys.id,
  name: surveys.name,
  status: surveys.status,
  categoryId: surveys.categoryId,
  categoryName: questionnaireCategories.name,
  description: surveys.description,
  templateId: surveys.templateId,
  startAt: surveys.startAt,
  endAt: surveys.endAt,
  resultsPublic: surveys.resultsPublic,
  anonymous: surveys.anonymous,
  repeatable: surveys.repeatable,
  respondents,
  orgId: surveys.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  creatorName: users.realname,
  createdAt: surveys.createdAt,
};
const sortColumns = { id: surveys.id, name: surveys.name, startAt: surveys.startAt, endAt: surveys.endAt, createdAt: surveys.createdAt } satisfies Record<
  (typeof SURVEY_SORT_KEYS)[number],
  unknown
>;

/** The management list: the caller's organization subtrees, state on the server's clock, keyword on name. */
export const surveyList = defineList({
  name: 'survey_list',
  table: surveys,
  tables: ['surveys', 'organizations', 'questionnaire_categories'],
  scope: { column: surveys.orgId },
  filters: {
    status: (v) => sql`${stateNow} = ${v}`,
    categoryId: (v) => eq(surveys.categoryId, Number(v)),
    startFrom: (v) => sql`${surveys.startAt} >= ${v}::timestamptz`,
    startTo: (v) => sql`${surveys.startAt} <= ${v}::timestamptz`,
  },
  keyword: (pattern) => sql`${surveys.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, surveys.categoryId))
      .leftJoin(organizations, eq(organizations.id, surveys.orgId))
      .leftJoin(users, eq(users.id, surveys.createdBy)),
});
export type SurveyRecord = Awaited<ReturnType<typeof surveyList.rowsOf>>[number];

export async function audienceSize(db: DbOrTx, id: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${audienceUserIds({ type: SURVEY_AUDIENCE, id })}) a`);
  return rows[0]?.n ?? 0;
}

export const getItems = (db: DbOrTx, id: number) => storedItems(db, surveys, id);

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export const lockSurveys = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, surveys, ids, ['name', 'status', 'startAt', 'endAt', 'items']);

/** The survey as the clock job decides on it, locked (one job at a time per survey). */
export function lockClockRow(tx: DbOrTx, id: number) {
  return tx
    .select({
      id: surveys.id,
      name: surveys.name,
      status: surveys.status,
      startAt: surveys.startAt,
      endAt: surveys.endAt,
      openNoticeAt: surveys.openNoticeAt,
      remindedAt: surveys.remindedAt,
    })
    .from(surveys)
    .where(eq(surveys.id, id))
    .for('update');
}
export type ClockRecord = Awaited<ReturnType<typeof lockClockRow>>[number];

/** The active members of a survey's audience (a statement selecting `user_id`, for `sendMessage`). */
export const activeAudience = (id: number) =>
  sql`select a.user_id from (${audienceUserIds({ type: SURVEY_AUDIENCE, id })}) a join users u on u.id = a.user_id where u.status = 'normal'`;
/** Those of them who have not answered the survey yet. */
export const unansweredAudience = (id: number) =>
  sql`select s.user_id from (${activeAudience(id)}) s where not exists (select 1 from survey_respondents r where r.survey_id = ${id} and r.user_id = s.user_id)`;

export const nameTaken = (db: DbOrTx, name: string, exceptId?: number) => rowExists(db, surveys, eq(surveys.name, name), exceptId);
export const insertSurvey = (db: DbOrTx, values: typeof surveys.$inferInsert) => insertRow(db, surveys, values);
export const updateSurvey = (db: DbOrTx, id: number, set: Partial<typeof surveys.$inferInsert>) => updateRow(db, surveys, id, set);
export const deleteSurveys = (db: DbOrTx, ids: number[]) => deleteRows(db, surveys, ids);
export async function answeredSurveyIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectDistinct({ id: surveyRespondents.surveyId }).from(surveyRespondents).where(inArray(surveyRespondents.surveyId, ids));
  return new Set(rows.map((r) => r.id));
}
/** Templates surveys were built from (the questionnaires module asks before deleting one). */
export async function templatesInUse(db: DbOrTx, templateIds: number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ id: surveys.templateId }).from(surveys).where(inArray(surveys.templateId, templateIds));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

// ---- The respondent's side ----

const mine = (userId: number) => sql`${surveys.status} in ('released', 'ended') and ${inAudience(SURVEY_AUDIENCE, surveys.id, sql`${userId}::int`)}`;
const myState = sql<string>`case when ${stateNow} = 'ended' then 'ended' when coalesce(r.times, 0) > 0 and not ${surveys.repeatable} then 'answered'
  when ${surveys.startAt} > now() then 'notStarted' else 'open' end`;

export type MySurveyRecord = {
  id: number;
  name: string;
  description: string;
  /** Raw statements answer timestamps as text. */
  start_at: string;
  end_at: string;
  anonymous: boolean;
  repeatable: boolean;
  results_public: boolean;
  state: 'notStarted' | 'open' | 'answered' | 'ended';
  answered_count: number;
};
const mySelect = (userId: number) => sql`select ${surveys.id} as id, ${surveys.name} as name, ${surveys.description} as description, ${surveys.startAt} as start_at,
    ${surveys.endAt} as end_at, ${surveys.anonymous} as anonymous, ${surveys.repeatable} as repeatable, ${surveys.resultsPublic} as results_public,
    ${myState} as state, coalesce(r.times, 0)::int as answered_count
  from ${surveys} left join ${surveyRespondents} r on r.survey_id = ${surveys.id} and r.user_id = ${userId}`;

/** Surveys released to the caller (open, not yet open, answered, ended), open ones first, then by end. */
export async function findMine(db: DbOrTx, userId: number, q: MySurveyQuery) {
  const query = sql`select * from (${mySelect(userId)} where ${mine(userId)}) s ${q.state ? sql`where s.state = ${q.state}` : sql``}`;
  const order = sql`case q.state when 'open' then 0 when 'notStarted' then 1 when 'answered' then 2 else 3 end, q.end_at, q.id`;
  return pagedRows<MySurveyRecord>(db, query, order, { limit: q.size, offset: (q.page - 1) * q.size });
}
/** One survey released to the caller, or none (not theirs, not released). */
export async function getMine(db: DbOrTx, userId: number, id: number, lock = false): Promise<MySurveyRecord | undefined> {
  const { rows } = await db.execute<MySurveyRecord>(sql`${mySelect(userId)} where ${surveys.id} = ${id} and ${mine(userId)} ${lock ? sql`for update of r` : sql``}`);
  return rows[0];
}

export async function getDraft(db: DbOrTx, surveyId: number, userId: number): Promise<AnswerSet | null> {
  const [row] = await db
    .select({ answers: surveyDrafts.answers })
    .from(surveyDrafts)
    .where(and(eq(surveyDrafts.surveyId, surveyId), eq(surveyDrafts.userId, userId)));
  return row?.answers ?? null;
}
export async function saveDraft(db: DbOrTx, surveyId: number, userId: number, answers: AnswerSet) {
  await db
    .insert(surveyDrafts)
    .values({ surveyId, userId, answers })
    .onConflictDoUpdate({ target: [surveyDrafts.surveyId, surveyDrafts.userId], set: { answers, updatedAt: sql`now()` } });
}

/**
 * Records an answer and its respondent in one transaction. Anonymous: no user, no organization, the
 * day only. Answers `false` when a one-time survey was already answered (the respondent row decides).
 */
export async function recordResponse(tx: DbOrTx, s: { id: number; anonymous: boolean; repeatable: boolean }, user: { id: number; orgId: number | null }, answers: AnswerSet) {
  const counted = await tx
    .insert(surveyRespondents)
    .values({ surveyId: s.id, userId: user.id })
    .onConflictDoUpdate({
      target: [surveyRespondents.surveyId, surveyRespondents.userId],
      set: { times: sql`${surveyRespondents.times} + 1`, lastAt: sql`now()` },
      setWhere: sql`${s.repeatable}`,
    })
    .returning({ times: surveyRespondents.times });
  if (!counted.length) return false;
  await tx.insert(surveyResponses).values({
    surveyId: s.id,
    userId: s.anonymous ? null : user.id,
    orgId: s.anonymous ? null : user.orgId,
    answers,
    submittedAt: s.anonymous ? sql`date_trunc('day', now())` : sql`now()`,
  });
  await tx.delete(surveyDrafts).where(and(eq(surveyDrafts.surveyId, s.id), eq(surveyDrafts.userId, user.id)));
  return true;
}
