import { sql, type SQL } from 'drizzle-orm';
import { SURVEY_AUDIENCE, SURVEY_ORG_REPORT_SORT_KEYS, type AnswerSet } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { orderOf, pagedRows, type PageWindow } from '../../platform/paging.js';
import { audienceUserIds } from '../audiences/index.js';

/**
 * The statements of a survey's results. Answers are aggregated in the database (one statement for
 * every count, one for the numeric figures), so a large survey never travels to the server whole;
 * only the exports read the answers row by row.
 *
 * The organization filter (`orgPath`, a subtree): an answer by the organization stored with it
 * (named surveys; the organization the person belonged to when answering), the audience and who
 * answered by the people's current organization.
 */
const audience = (id: number) => audienceUserIds({ type: SURVEY_AUDIENCE, id });
const underOrg = (orgColumn: SQL, orgPath: string | null) =>
  orgPath === null ? sql`true` : sql`${orgColumn} in (select o.id from organizations o where o.path like ${`${orgPath}%`})`;
const likeOf = (keyword: string | undefined) => (keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

/** The answers of one survey (of the organization subtree, when given). */
const responsesOf = (id: number, orgPath: string | null) =>
  sql`select r.id, r.user_id, r.org_id, r.answers, r.submitted_at from survey_responses r where r.survey_id = ${id} and ${underOrg(sql`r.org_id`, orgPath)}`;

export async function orgPathOf(db: DbOrTx, orgId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ path: string }>(sql`select path from organizations where id = ${orgId}`);
  return rows[0]?.path;
}

/** The audience's size, who of it answered, and the answers counted. */
export async function responseFigures(db: DbOrTx, id: number, orgPath: string | null) {
  const { rows } = await db.execute<{ audience: number; respondents: number; responses: number }>(sql`
    select count(*)::int as audience, count(r.user_id)::int as respondents,
      (select count(*)::int from (${responsesOf(id, orgPath)}) x) as responses
    from (${audience(id)}) a join users u on u.id = a.user_id
    left join survey_respondents r on r.survey_id = ${id} and r.user_id = a.user_id
    where ${underOrg(sql`u.org_id`, orgPath)}`);
  return rows[0] ?? { audience: 0, respondents: 0, responses: 0 };
}

/** Whether an answer said something: a pick, a non-blank text, a matrix row, any other value. */
const said = sql`case when k.val ? 'picks' then jsonb_array_length(k.val->'picks') > 0
  when k.val ? 'text' then btrim(k.val->>'text') <> ''
  when k.val ? 'rows' then exists (select 1 from jsonb_array_elements(k.val->'rows') x where jsonb_typeof(x) = 'number')
  else true end`;
const arrayOf = (field: string) => sql`case when jsonb_typeof(k.val->${field}) = 'array' then k.val->${field} else '[]'::jsonb end`;

export type CountRow = { key: string; part: 'answered' | 'pick' | 'rating' | 'cell'; a: number | null; b: number | null; n: number };

/**
 * Every count of a survey's answers in one statement, per item key: `answered`; `pick` per option
 * index `a`; `rating` per value `a`; `cell` per matrix row `a` and column `b`.
 */
export async function answerCounts(db: DbOrTx, id: number, orgPath: string | null): Promise<CountRow[]> {
  const each = sql`(${responsesOf(id, orgPath)}) r cross join lateral jsonb_each(r.answers) k(key, val)`;
  const { rows } = await db.execute<CountRow>(sql`
    select k.key, 'answered' as part, null::int as a, null::int as b, count(*)::int as n from ${each} where ${said} group by k.key
    union all
    select k.key, 'pick', p.v::int, null, count(*)::int from ${each} cross join lateral jsonb_array_elements_text(${arrayOf('picks')}) p(v) group by k.key, p.v
    union all
    select k.key, 'rating', (k.val->>'rating')::int, null, count(*)::int from ${each} where k.val ? 'rating' group by k.key, (k.val->>'rating')::int
    union all
    select k.key, 'cell', (c.ord - 1)::int, (c.v #>> '{}')::int, count(*)::int
      from ${each} cross join lateral jsonb_array_elements(${arrayOf('rows')}) with ordinality c(v, ord)
      where jsonb_typeof(c.v) = 'number' group by k.key, c.ord, (c.v #>> '{}')::int`);
  return rows;
}

export type StatRow = { key: string; average: number | null; min: number | null; max: number | null; earliest: string | null; latest: string | null };

/** Numbers (average, least, greatest) and dates (earliest, latest) per item key. */
export async function answerStats(db: DbOrTx, id: number, orgPath: string | null): Promise<StatRow[]> {
  const { rows } = await db.execute<StatRow>(sql`
    select k.key, avg((k.val->>'number')::float8) as average, min((k.val->>'number')::float8) as min, max((k.val->>'number')::float8) as max,
      min(k.val->>'date') as earliest, max(k.val->>'date') as latest
    from (${responsesOf(id, orgPath)}) r cross join lateral jsonb_each(r.answers) k(key, val)
    where k.val ? 'number' or k.val ? 'date' group by k.key`);
  return rows;
}

export type TextRecord = { text: string; realname: string | null; org_name: string | null; submitted_at: string };

/**
 * The free texts given to an item (or the "other" texts of a choice item: `otherPick`), newest
 * first. `named: false` (an anonymous survey) joins no person.
 */
export async function textAnswers(
  db: DbOrTx,
  q: { id: number; key: string; otherPick: number | null; orgPath: string | null; keyword?: string; named: boolean },
  page: PageWindow,
) {
  const text = q.otherPick === null ? sql`r.answers->${q.key}->>'text'` : sql`r.answers->${q.key}->>'other'`;
  const picked = q.otherPick === null ? sql`true` : sql`(r.answers->${q.key}->'picks') @> ${JSON.stringify([q.otherPick])}::jsonb`;
  const pattern = likeOf(q.keyword);
  const who = q.named
    ? sql`u.realname, o.name as org_name from (${responsesOf(q.id, q.orgPath)}) r left join users u on u.id = r.user_id left join organizations o on o.id = r.org_id`
    : sql`null::text as realname, null::text as org_name from (${responsesOf(q.id, q.orgPath)}) r`;
  const query = sql`select r.id, btrim(${text}) as text, r.submitted_at, ${who}
    where btrim(coalesce(${text}, '')) <> '' and ${picked} ${pattern ? sql`and ${text} ilike ${pattern}` : sql``}`;
  return pagedRows<TextRecord & { id: string }>(db, query, sql`q.submitted_at desc, q.id`, page);
}

export type PersonRecord = { user_id: number; realname: string; username: string; org_name: string | null };

/** People of the audience (of the organization subtree) who have not answered, by organization and name. */
function unansweredQuery(id: number, orgPath: string | null, keyword?: string) {
  const pattern = likeOf(keyword);
  return sql`select u.id as user_id, u.realname, u.username, o.name as org_name, o.path as org_path, u.status
    from (${audience(id)}) a join users u on u.id = a.user_id left join organizations o on o.id = u.org_id
    where not exists (select 1 from survey_respondents r where r.survey_id = ${id} and r.user_id = a.user_id)
      and ${underOrg(sql`u.org_id`, orgPath)} ${pattern ? sql`and (u.realname ilike ${pattern} or u.username ilike ${pattern})` : sql``}`;
}
export function unanswered(db: DbOrTx, id: number, q: { orgPath: string | null; keyword?: string }, page: PageWindow) {
  return pagedRows<PersonRecord>(db, unansweredQuery(id, q.orgPath, q.keyword), sql`q.org_path nulls last, q.realname, q.user_id`, page);
}
/** The user ids a reminder goes to: who has not answered and can sign in. */
export const unansweredActive = (id: number, orgPath: string | null) => sql`select q.user_id from (${unansweredQuery(id, orgPath)}) q where q.status = 'normal'`;

/** The audience per organization (the people's current one), who of it answered and the rate. */
export function orgFigures(db: DbOrTx, id: number, q: { keyword?: string; sort?: string }, page: PageWindow) {
  const pattern = likeOf(q.keyword);
  const query = sql`select u.org_id, o.name as "orgName", count(*)::int as "audienceSize", count(r.user_id)::int as respondents,
      round(100.0 * count(r.user_id) / count(*), 1)::float8 as rate
    from (${audience(id)}) a join users u on u.id = a.user_id left join organizations o on o.id = u.org_id
    left join survey_respondents r on r.survey_id = ${id} and r.user_id = a.user_id
    ${pattern ? sql`where o.name ilike ${pattern}` : sql``}
    group by u.org_id, o.name`;
  const order = orderOf(q.sort, SURVEY_ORG_REPORT_SORT_KEYS, { key: 'rate', desc: false }, 'org_id');
  return pagedRows<{ org_id: number | null; orgName: string | null; audienceSize: number; respondents: number; rate: number }>(db, query, order, page);
}

export type AnswerRecord = { answers: AnswerSet; submitted_at: string; realname: string | null; username: string | null; org_name: string | null };

/** Every answer of a survey for the export, in the order they came; `named: false` joins no person. */
export async function allAnswers(db: DbOrTx, id: number, orgPath: string | null, named: boolean): Promise<AnswerRecord[]> {
  const who = named
    ? sql`u.realname, u.username, o.name as org_name from (${responsesOf(id, orgPath)}) r left join users u on u.id = r.user_id left join organizations o on o.id = r.org_id`
    : sql`null::text as realname, null::text as username, null::text as org_name from (${responsesOf(id, orgPath)}) r`;
  const { rows } = await db.execute<AnswerRecord>(sql`select r.answers, r.submitted_at, ${who} order by r.submitted_at, r.id`);
  return rows;
}
