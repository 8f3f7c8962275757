import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MySurveyRow, QuestionnaireInput, SurveyDetail, SurveyInput, SurveySheet } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await login(t.app);
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();
const items: QuestionnaireInput['items'] = [
  { kind: 'rating', key: 'overall', title: 'Overall', required: true, scale: 5 },
  { kind: 'single', key: 'again', title: 'Again?', required: true, options: ['Yes', 'No'] },
  { kind: 'textarea', key: 'why', title: 'Why not?', required: true, condition: { itemKey: 'again', anyOf: [1] } },
];
const answers = { overall: { rating: 4 }, again: { picks: [0] } };

/** An organization with two members (sessions) and a survey released to it. */
async function released(extra: Partial<SurveyInput> = {}) {
  const org = await buildOrg(t.db, { name: `Org ${uniq()}` });
  const [a, b] = await Promise.all([newUserSession(t, { permissions: [], orgId: org.id }), newUserSession(t, { permissions: [], orgId: org.id })]);
  const id = (
    await ok(t.app, admin, '/api/survey/insert', { name: `S ${uniq()}`, startAt: hours(-1), endAt: hours(24), items, audience: [{ type: 'org', id: org.id }], ...extra })
  ).id as number;
  await ok(t.app, admin, '/api/survey/release', { ids: [id] });
  return { id, org, a, b };
}
const sheet = (s: Session, id: number) => ok(t.app, s, '/api/survey/my/sheet', { id }) as Promise<SurveySheet>;
const detail = (id: number) => ok(t.app, admin, '/api/survey/get', { id }) as Promise<SurveyDetail>;

describe('surveys: management', () => {
  it('builds a survey from a published template: items copied, audience kept, response rate counted', async () => {
    const template = (await ok(t.app, admin, '/api/questionnaire/insert', { name: `T ${uniq()}`, items })).id as number;
    const early = await refusal(t.app, admin, '/api/survey/insert', { name: `S ${uniq()}`, startAt: hours(1), endAt: hours(2), templateId: template });
    expect(early).toMatchObject({ code: 'STATE_TRANSITION_INVALID', field: 'templateId' });
    await ok(t.app, admin, '/api/questionnaire/publish', { ids: [template] });
    const org = await buildOrg(t.db, { name: `Org ${uniq()}` });
    await Promise.all([newUserSession(t, { permissions: [], orgId: org.id }), newUserSession(t, { permissions: [], orgId: org.id })]);
    const id = (
      await ok(t.app, admin, '/api/survey/insert', { name: `S ${uniq()}`, startAt: hours(1), endAt: hours(2), templateId: template, audience: [{ type: 'org', id: org.id }] })
    ).id as number;
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'draft', templateId: template, respondents: 0, audienceSize: 2, anonymous: false, repeatable: false });
    expect(d.items.map((i) => i.key)).toEqual(['overall', 'again', 'why']);
    expect(d.audience).toEqual([{ type: 'org', id: org.id, name: org.name }]);
    // The survey holds its own copy: the template may be unpublished, but it is in use and stays.
    await ok(t.app, admin, '/api/questionnaire/unpublish', { ids: [template] });
    expect(await refusal(t.app, admin, '/api/questionnaire/delete', { ids: [template] })).toMatchObject({ code: 'IN_USE_QUESTIONNAIRE', data: { ids: [template] } });
  });

  it('refuses a start not before the end, a taken name, releasing without questions or after the end', async () => {
    expect(await refusal(t.app, admin, '/api/survey/insert', { name: 'x', startAt: hours(2), endAt: hours(1) })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'endAt' });
    const name = `Dup ${uniq()}`;
    const empty = (await ok(t.app, admin, '/api/survey/insert', { name, startAt: hours(1), endAt: hours(2) })).id as number;
    expect(await refusal(t.app, admin, '/api/survey/insert', { name, startAt: hours(1), endAt: hours(2) })).toMatchObject({ code: 'DUPLICATE_SURVEY', field: 'name' });
    expect(await refusal(t.app, admin, '/api/survey/release', { ids: [empty] })).toMatchObject({ code: 'CONTENT_INCOMPLETE' });
    const over = (await ok(t.app, admin, '/api/survey/insert', { name: `Over ${uniq()}`, startAt: hours(-3), endAt: hours(-1), items })).id as number;
    expect((await detail(over)).abilities.release).toBe(false);
    expect(await refusal(t.app, admin, '/api/survey/release', { ids: [over] })).toMatchObject({ code: 'TIME_BEFORE_NOW' });
  });

  it('a released survey only extends its end; once answered its questions stay', async () => {
    const { id, a } = await released();
    expect(await refusal(t.app, admin, '/api/survey/update', { id, name: `Other ${uniq()}` })).toMatchObject({ code: 'SURVEY_RELEASED_CHANGE_REFUSED', field: 'name' });
    expect(await refusal(t.app, admin, '/api/survey/update', { id, endAt: hours(12) })).toMatchObject({ code: 'SURVEY_RELEASED_CHANGE_REFUSED', field: 'endAt' });
    await ok(t.app, admin, '/api/survey/update', { id, endAt: hours(48) });
    await ok(t.app, a, '/api/survey/my/submit', { id, answers });
    await ok(t.app, admin, '/api/survey/unrelease', { ids: [id] });
    expect(await refusal(t.app, admin, '/api/survey/update', { id, items })).toMatchObject({ code: 'SURVEY_ANSWERED_CHANGE_REFUSED', field: 'items' });
    await ok(t.app, admin, '/api/survey/update', { id, description: 'still editable' });
    expect((await detail(id)).respondents).toBe(1);
  });

  it('lists by name, state and start time', async () => {
    const tag = uniq();
    const soon = (await ok(t.app, admin, '/api/survey/insert', { name: `Soon ${tag}`, startAt: hours(1), endAt: hours(2) })).id as number;
    const later = (await ok(t.app, admin, '/api/survey/insert', { name: `Later ${tag}`, startAt: hours(30), endAt: hours(40), items })).id as number;
    await ok(t.app, admin, '/api/survey/release', { ids: [later] });
    const ids = async (q: Record<string, unknown>) => ((await ok(t.app, admin, '/api/survey/list', { keyword: tag, ...q })).records as { id: number }[]).map((r) => r.id);
    expect((await ids({})).sort()).toEqual([soon, later].sort());
    expect(await ids({ startFrom: hours(10) })).toEqual([later]);
    expect(await ids({ startTo: hours(10) })).toEqual([soon]);
    expect(await ids({ status: 'released' })).toEqual([later]);
  });

  it('keeps managers to their data scope', async () => {
    const { id } = await released();
    const org = await buildOrg(t.db, { name: `Elsewhere ${uniq()}` });
    const other = await newUserSession(t, { permissions: ['dcgl', 'dcgl:modify'], orgId: org.id, scopeOrgIds: [org.id] });
    expect(await refusal(t.app, other, '/api/survey/get', { id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, other, '/api/survey/update', { id, endAt: hours(72) })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    const member = await newUserSession(t, { permissions: [] });
    expect(await refusal(t.app, member, '/api/survey/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });
});

describe('surveys: answering', () => {
  it('an audience member sees it open, keeps a draft, submits once; the answer is checked like the page checks it', async () => {
    const { id, a } = await released();
    const mine = (await ok(t.app, a, '/api/survey/my', {})).records as MySurveyRow[];
    expect(mine.find((r) => r.id === id)).toMatchObject({ state: 'open', abilities: { answer: true } });
    await ok(t.app, a, '/api/survey/my/draft', { id, answers: { overall: { rating: 3 } } });
    expect((await sheet(a, id)).draft).toEqual({ overall: { rating: 3 } });
    expect(await refusal(t.app, a, '/api/survey/my/submit', { id, answers: { overall: { rating: 4 }, again: { picks: [1] } } })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'answers.why',
      data: { problem: 'required' },
    });
    expect(await refusal(t.app, a, '/api/survey/my/submit', { id, answers: { ...answers, overall: { rating: 6 } } })).toMatchObject({
      field: 'answers.overall',
      data: { problem: 'outOfRange' },
    });
    await ok(t.app, a, '/api/survey/my/submit', { id, answers });
    expect(await refusal(t.app, a, '/api/survey/my/submit', { id, answers })).toMatchObject({ code: 'REPEAT_SUBMIT_ERROR' });
    const after = await sheet(a, id);
    expect(after).toMatchObject({ state: 'answered', draft: null, abilities: { answer: false } });
  });

  it('two submissions of a one-time survey at once: one is kept', async () => {
    const { id, b } = await released();
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, b, '/api/survey/my/submit', { id, answers })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from survey_responses where survey_id = ${id}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('a repeatable survey takes several answers; an anonymous one keeps no link to the person', async () => {
    const { id, a } = await released({ repeatable: true, anonymous: true });
    await ok(t.app, a, '/api/survey/my/submit', { id, answers });
    await ok(t.app, a, '/api/survey/my/submit', { id, answers });
    expect((await sheet(a, id)).answeredCount).toBe(2);
    const { rows } = await t.db.execute<{ user_id: number | null; org_id: number | null; midnight: boolean }>(
      sql`select user_id, org_id, submitted_at = date_trunc('day', submitted_at) as midnight from survey_responses where survey_id = ${id}`,
    );
    expect(rows).toEqual([
      { user_id: null, org_id: null, midnight: true },
      { user_id: null, org_id: null, midnight: true },
    ]);
  });

  it('outsiders do not see it; before its start and after its end nobody answers', async () => {
    const { id } = await released();
    const outsider = await newUserSession(t, { permissions: [] });
    expect(await refusal(t.app, outsider, '/api/survey/my/sheet', { id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    expect(await refusal(t.app, outsider, '/api/survey/my/submit', { id, answers })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    const later = await released({ startAt: hours(2), endAt: hours(3) });
    expect((await sheet(later.a, later.id)).state).toBe('notStarted');
    expect(await refusal(t.app, later.a, '/api/survey/my/submit', { id: later.id, answers })).toMatchObject({ code: 'SURVEY_NOT_OPEN' });
    const done = await released();
    await t.db.execute(sql`update surveys set start_at = now() - interval '2 hours', end_at = now() - interval '1 second' where id = ${done.id}`);
    expect((await sheet(done.a, done.id)).state).toBe('ended');
    expect((await detail(done.id)).status).toBe('ended');
    expect(await refusal(t.app, done.a, '/api/survey/my/submit', { id: done.id, answers })).toMatchObject({ code: 'SURVEY_NOT_OPEN' });
  });
});
