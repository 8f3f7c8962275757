import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_PARAMS_DEFAULTS, type QuestionnaireInput, type SurveyDetail } from '@hanlin/shared';
import { useTestApp, login, ok, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { makeJobsDue, queuedJobs } from '../../test/jobs.js';
import { SURVEY_CLOCK_JOB } from './index.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const HOUR = 3600_000;
const hours = (n: number) => new Date(Date.now() + n * HOUR).toISOString();
const items: QuestionnaireInput['items'] = [{ kind: 'single', key: 'again', title: 'Again?', required: true, options: ['Yes', 'No'] }];
const answers = { again: { picks: [0] } };

/** An organization with two members, a frozen member and an outsider; a draft survey for the organization. */
async function draftFor(times: { startAt: string; endAt: string }) {
  const org = await buildOrg(t.db, { name: `Org ${uniq()}` });
  const [a, b] = await Promise.all([newUserSession(t, { permissions: [], orgId: org.id }), newUserSession(t, { permissions: [], orgId: org.id })]);
  const frozen = await buildUser(t.db, { orgId: org.id, status: 'frozen' });
  const outsider = await buildUser(t.db);
  const name = `S ${uniq()}`;
  const id = (await ok(t.app, admin, '/api/survey/insert', { name, ...times, items, audience: [{ type: 'org', id: org.id }] })).id as number;
  return { id, name, a, b, frozen, outsider };
}
const release = (id: number) => ok(t.app, admin, '/api/survey/release', { ids: [id] });
const unrelease = (id: number) => ok(t.app, admin, '/api/survey/unrelease', { ids: [id] });
const detail = (id: number) => ok(t.app, admin, '/api/survey/get', { id }) as Promise<SurveyDetail>;

/** The survey messages a user received, oldest first. */
async function inbox(userId: number) {
  const { rows } = await t.db.execute<{ template: string; params: Record<string, string> }>(
    sql`select template, params from messages where user_id = ${userId} and kind = 'survey' order by id`,
  );
  return rows.map((r) => ({ template: r.template, params: r.params }));
}
const ofStep = (id: number, step: string) => sql`j.payload->>'surveyId' = ${String(id)} and j.payload->>'step' = ${step}`;
/** The moments the queued clock jobs of a step are due at (ISO). */
const queuedAt = async (id: number, step: string) => (await queuedJobs(t.db, SURVEY_CLOCK_JOB, ofStep(id, step))).map((j) => j.runAfter.toISOString());

/**
 * Makes the clock jobs of a step due now (the clock does not have to reach them) and waits until
 * they are done (one due already may have run as soon as it was sent).
 */
async function runClock(id: number, step: string, only = sql`true`) {
  const where = sql`${ofStep(id, step)} and ${only}`;
  await makeJobsDue(t.db, SURVEY_CLOCK_JOB, where);
  const { rows } = await t.db.execute<{ id: number }>(sql`select j.id from jobs j where j.kind = ${SURVEY_CLOCK_JOB} and ${where}`);
  expect(rows.length).toBeGreaterThan(0);
  t.app.jobs.wake();
  for (const r of rows) expect((await t.app.jobs.settled(Number(r.id))).state).toBe('done');
}
/** Time passes: the stored moments move (what the server's clock will see when the jobs run). */
async function timePasses(id: number, set: { startAt?: number; endAt?: number; openNoticeAt?: number; remindedAt?: number }) {
  const at = (h: number | undefined) => (h === undefined ? sql`null` : sql`now() + make_interval(secs => ${h * 3600})`);
  await t.db.execute(sql`update surveys set
    start_at = coalesce(${at(set.startAt)}, start_at), end_at = coalesce(${at(set.endAt)}, end_at),
    open_notice_at = coalesce(${at(set.openNoticeAt)}, open_notice_at), reminded_at = coalesce(${at(set.remindedAt)}, reminded_at) where id = ${id}`);
}

describe('surveys: the clock opens, reminds and ends by itself', () => {
  it('releasing sends the jobs; at the start the active audience members are told the survey is open until its end', async () => {
    const s = await draftFor({ startAt: hours(2), endAt: hours(48) });
    expect(await queuedAt(s.id, 'open')).toEqual([]); // a draft has no clock
    await release(s.id);
    const d = await detail(s.id);
    expect(await queuedAt(s.id, 'open')).toEqual([d.startAt]);
    expect(await queuedAt(s.id, 'remind')).toEqual([new Date(Date.parse(d.endAt) - PLATFORM_PARAMS_DEFAULTS.surveyReminderHours * HOUR).toISOString()]);
    expect(await queuedAt(s.id, 'end')).toEqual([d.endAt]);

    await timePasses(s.id, { startAt: -0.001 });
    await runClock(s.id, 'open');
    const told = [{ template: 'surveyOpened', params: { name: s.name, endAt: d.endAt } }];
    expect(await inbox(s.a.id)).toEqual(told);
    expect(await inbox(s.b.id)).toEqual(told);
    expect(await inbox(s.frozen.id)).toEqual([]);
    expect(await inbox(s.outsider.id)).toEqual([]);

    // Released again later (unreleased in between): the audience was told once.
    await unrelease(s.id);
    await release(s.id);
    await runClock(s.id, 'open');
    expect(await inbox(s.a.id)).toEqual(told);
    // Unreleased and moved to a new start: a new opening, told again at the new start.
    await unrelease(s.id);
    await ok(t.app, admin, '/api/survey/update', { id: s.id, startAt: hours(5) });
    await release(s.id);
    await timePasses(s.id, { startAt: -0.001 });
    await runClock(s.id, 'open');
    expect((await inbox(s.a.id)).map((m) => m.template)).toEqual(['surveyOpened', 'surveyOpened']);
  });

  it('reminds before the end only those who have not answered, once per end; extending the end reminds again', async () => {
    const s = await draftFor({ startAt: hours(-1), endAt: hours(48) });
    await release(s.id);
    await runClock(s.id, 'open'); // due at once: the start has passed
    await ok(t.app, s.a, '/api/survey/my/submit', { id: s.id, answers });

    await timePasses(s.id, { startAt: -47, openNoticeAt: -47, endAt: 1 });
    await runClock(s.id, 'remind');
    const endAt = (await detail(s.id)).endAt;
    expect((await inbox(s.a.id)).map((m) => m.template)).toEqual(['surveyOpened']);
    expect(await inbox(s.b.id)).toEqual([
      { template: 'surveyOpened', params: expect.objectContaining({ name: s.name }) },
      { template: 'surveyReminder', params: { name: s.name, endAt } },
    ]);
    expect(await inbox(s.frozen.id)).toEqual([]);

    // The end is extended: a reminder job at the new end less the lead time, and a new reminder then.
    const later = hours(72);
    await ok(t.app, admin, '/api/survey/update', { id: s.id, endAt: later });
    expect(await queuedAt(s.id, 'remind')).toEqual([new Date(Date.parse(later) - 24 * HOUR).toISOString()]);
    await timePasses(s.id, { startAt: -71, openNoticeAt: -71, remindedAt: -25, endAt: 2 });
    await runClock(s.id, 'remind');
    expect((await inbox(s.b.id)).map((m) => m.template)).toEqual(['surveyOpened', 'surveyReminder', 'surveyReminder']);
    expect((await inbox(s.a.id)).map((m) => m.template)).toEqual(['surveyOpened']);
  });

  it("an unreleased survey's jobs send nothing and do not end it", async () => {
    const s = await draftFor({ startAt: hours(1), endAt: hours(48) });
    await release(s.id);
    await unrelease(s.id);
    await timePasses(s.id, { startAt: -47, openNoticeAt: undefined, endAt: 1 });
    await runClock(s.id, 'open');
    await runClock(s.id, 'remind');
    expect(await inbox(s.a.id)).toEqual([]);
    expect(await inbox(s.b.id)).toEqual([]);
    await timePasses(s.id, { endAt: -0.001 });
    await runClock(s.id, 'end');
    const [row] = (await t.db.execute<{ status: string }>(sql`select status from surveys where id = ${s.id}`)).rows;
    expect(row!.status).toBe('unreleased');
  });

  it('a moved start fires at the new time: the job for the old start finds nothing to do', async () => {
    const s = await draftFor({ startAt: hours(1), endAt: hours(48) });
    await release(s.id);
    const [oldStart] = await queuedAt(s.id, 'open');
    await unrelease(s.id);
    const newStart = hours(3);
    await ok(t.app, admin, '/api/survey/update', { id: s.id, startAt: newStart });
    await release(s.id);
    expect(await queuedAt(s.id, 'open')).toEqual([oldStart, newStart]);

    // The old moment comes: the survey is not open yet, nobody is told.
    await runClock(s.id, 'open', sql`(j.payload->>'at')::bigint = ${Date.parse(oldStart!)}`);
    expect(await inbox(s.a.id)).toEqual([]);
    expect(await queuedAt(s.id, 'open')).toEqual([newStart]);
    // The new moment comes.
    await timePasses(s.id, { startAt: -0.001 });
    await runClock(s.id, 'open');
    expect((await inbox(s.a.id)).map((m) => m.template)).toEqual(['surveyOpened']);
  });

  it('at the end the stored state becomes ended; the reminder lead is the parameter surveyReminderHours', async () => {
    const params = await ok(t.app, admin, '/api/settings/params/get');
    await ok(t.app, admin, '/api/settings/params/save', { ...params, surveyReminderHours: 2 });
    try {
      const s = await draftFor({ startAt: hours(1), endAt: hours(10) });
      await release(s.id);
      const d = await detail(s.id);
      expect(await queuedAt(s.id, 'remind')).toEqual([new Date(Date.parse(d.endAt) - 2 * HOUR).toISOString()]);
      await timePasses(s.id, { startAt: -2, endAt: -0.001 });
      await runClock(s.id, 'end');
      const [row] = (await t.db.execute<{ status: string }>(sql`select status from surveys where id = ${s.id}`)).rows;
      expect(row!.status).toBe('ended');
      expect((await detail(s.id)).status).toBe('ended');
      // Ended: the open message is no longer sent.
      await runClock(s.id, 'open');
      expect(await inbox(s.a.id)).toEqual([]);

      // No reminder when the parameter is 0.
      await ok(t.app, admin, '/api/settings/params/save', { ...params, surveyReminderHours: 0 });
      const none = await draftFor({ startAt: hours(1), endAt: hours(10) });
      await release(none.id);
      expect(await queuedAt(none.id, 'remind')).toEqual([]);
    } finally {
      await ok(t.app, admin, '/api/settings/params/save', params);
    }
  });
});
