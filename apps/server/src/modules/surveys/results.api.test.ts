import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireInput, SurveyInput, SurveyItemResult, SurveyResult } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';

const t = useTestApp();
let admin: Session;

const uniq = () => crypto.randomUUID().slice(0, 8);
const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();
const items: QuestionnaireInput['items'] = [
  { kind: 'section', key: 'intro', title: 'About the training' },
  { kind: 'single', key: 'where', title: 'Where?', options: ['Office', 'Plant', 'Home'], allowOther: true },
  { kind: 'multiple', key: 'liked', title: 'Liked', options: ['Talks', 'Labs'] },
  { kind: 'rating', key: 'overall', title: 'Overall', scale: 5 },
  { kind: 'matrix', key: 'grid', title: 'Rate the parts', rows: ['Content', 'Pace'], columns: ['Poor', 'Fair', 'Good'] },
  { kind: 'number', key: 'hours', title: 'Hours spent' },
  { kind: 'textarea', key: 'why', title: 'Comments' },
];
type Answers = Record<string, unknown>;
const annAnswers: Answers = {
  where: { picks: [0] },
  liked: { picks: [0, 1] },
  overall: { rating: 5 },
  grid: { rows: [0, 2] },
  hours: { number: 10 },
  why: { text: 'Great trainer' },
};
const benAnswers: Answers = {
  where: { picks: [3], other: 'Remote' },
  liked: { picks: [1] },
  overall: { rating: 3 },
  grid: { rows: [0, null] },
  hours: { number: 20 },
  why: { text: 'More coffee please' },
};
const cyAnswers: Answers = { where: { picks: [1] }, liked: { picks: [0] }, overall: { rating: 4 }, grid: { rows: [1, 2] }, hours: { number: 30 }, why: { text: ' ' } };

/**
 * A branch with two departments: Ann and Ben (North), Cy and Dot (South) in the audience; Ann, Ben
 * and Cy answer, Dot does not.
 */
async function answered(extra: Partial<SurveyInput> = {}) {
  const branch = await buildOrg(t.db, { name: `Branch ${uniq()}` });
  const [north, south] = await Promise.all([
    buildOrg(t.db, { parentId: branch.id, name: `North ${uniq()}` }),
    buildOrg(t.db, { parentId: branch.id, name: `South ${uniq()}` }),
  ]);
  const [ann, ben, cy, dot] = await Promise.all([
    newUserSession(t, { permissions: [], orgId: north.id, realname: `Ann ${uniq()}` }),
    newUserSession(t, { permissions: [], orgId: north.id, realname: `Ben ${uniq()}` }),
    newUserSession(t, { permissions: [], orgId: south.id, realname: `Cy ${uniq()}` }),
    newUserSession(t, { permissions: [], orgId: south.id, realname: `Dot ${uniq()}` }),
  ]);
  const name = `Results ${uniq()}`;
  const id = (await ok(t.app, admin, '/api/survey/insert', { name, startAt: hours(-1), endAt: hours(24), items, audience: [{ type: 'org', id: branch.id }], ...extra }))
    .id as number;
  await ok(t.app, admin, '/api/survey/release', { ids: [id] });
  for (const [s, a] of [
    [ann, annAnswers],
    [ben, benAnswers],
    [cy, cyAnswers],
  ] as const)
    await ok(t.app, s, '/api/survey/my/submit', { id, answers: a });
  return { id, name, branch, north, south, ann, ben, cy, dot };
}
const result = (s: Session, body: object) => ok(t.app, s, '/api/survey/result', body) as Promise<SurveyResult>;
/** The result of a kind (`single` finds the union member whose kind is `single | multiple`). */
type ItemOf<K, U = SurveyItemResult> = U extends { kind: infer X } ? (K extends X ? U : never) : never;
const itemOf = <K extends SurveyItemResult['kind']>(r: SurveyResult, key: string, _kind: K) => r.items.find((i) => 'key' in i && i.key === key) as ItemOf<K>;
const sheetRows = async (file: { rawPayload: Buffer }) => {
  const ws = (await readBook(file.rawPayload)).worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

let named: Awaited<ReturnType<typeof answered>>;
beforeAll(async () => {
  admin = await login(t.app);
  named = await answered();
});

describe('survey results: the summary', () => {
  it('counts the response rate against the audience and sums every item by its kind', async () => {
    const r = await result(admin, { id: named.id });
    expect(r).toMatchObject({
      audienceSize: 4,
      respondents: 3,
      rate: 75,
      responses: 3,
      named: true,
      abilities: { texts: true, unanswered: true, remind: true, export: true },
    });
    expect(r.items[0]).toEqual({ kind: 'section', key: 'intro', title: 'About the training' });
    const where = itemOf(r, 'where', 'single');
    expect(where.answered).toBe(3);
    expect(where.options.map((o) => [o.label, o.count, o.percent])).toEqual([
      ['Office', 1, 33.3],
      ['Plant', 1, 33.3],
      ['Home', 0, 0],
    ]);
    expect(where.other).toEqual({ count: 1, percent: 33.3 });
    expect(itemOf(r, 'liked', 'multiple').options.map((o) => o.count)).toEqual([2, 2]);
    const overall = itemOf(r, 'overall', 'rating');
    expect(overall.average).toBe(4);
    expect(overall.distribution.map((d) => d.count)).toEqual([0, 0, 1, 1, 1]);
    expect(itemOf(r, 'grid', 'matrix').cells).toEqual([
      [2, 1, 0],
      [0, 0, 2],
    ]);
    expect(itemOf(r, 'hours', 'number')).toMatchObject({ answered: 3, average: 20, min: 10, max: 30 });
    // Cy's blank comment is no answer.
    expect(itemOf(r, 'why', 'textarea').answered).toBe(2);
  });

  it('filters by organization: the audience, who answered and the answers of that subtree', async () => {
    const r = await result(admin, { id: named.id, orgId: named.north.id });
    expect(r).toMatchObject({ audienceSize: 2, respondents: 2, rate: 100, responses: 2 });
    expect(itemOf(r, 'where', 'single').options.map((o) => o.count)).toEqual([1, 0, 0]);
    const south = await result(admin, { id: named.id, orgId: named.south.id });
    expect(south).toMatchObject({ audienceSize: 2, respondents: 1, rate: 50 });
    expect(itemOf(south, 'overall', 'rating').average).toBe(4);
    expect(await refusal(t.app, admin, '/api/survey/result', { id: named.id, orgId: 999_999_999 })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'orgId' });
  });

  it('lists the texts newest first with their writers, searched; "other" texts of a choice', async () => {
    const page = await ok(t.app, admin, '/api/survey/result/texts', { id: named.id, key: 'why' });
    expect(page.total).toBe(2);
    expect(page.records.map((r: { text: string }) => r.text).sort()).toEqual(['Great trainer', 'More coffee please']);
    const found = await ok(t.app, admin, '/api/survey/result/texts', { id: named.id, key: 'why', keyword: 'coffee' });
    expect(found.records).toEqual([expect.objectContaining({ text: 'More coffee please', realname: named.ben.user.realname, orgName: named.north.name })]);
    const other = await ok(t.app, admin, '/api/survey/result/texts', { id: named.id, key: 'where' });
    expect(other.records.map((r: { text: string }) => r.text)).toEqual(['Remote']);
    const south = await ok(t.app, admin, '/api/survey/result/texts', { id: named.id, key: 'why', orgId: named.south.id });
    expect(south.total).toBe(0);
    expect(await refusal(t.app, admin, '/api/survey/result/texts', { id: named.id, key: 'overall' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'key' });
  });
});

describe('survey results: who has not answered, reminders', () => {
  it('lists only the audience members who have not answered, by organization', async () => {
    const all = await ok(t.app, admin, '/api/survey/result/unanswered', { id: named.id });
    expect(all.records.map((r: { userId: number }) => r.userId)).toEqual([named.dot.id]);
    expect(all.records[0]).toMatchObject({ orgName: named.south.name });
    expect((await ok(t.app, admin, '/api/survey/result/unanswered', { id: named.id, orgId: named.north.id })).total).toBe(0);
  });

  it('reminds the unanswered only, with the reminder message', async () => {
    const s = await answered();
    expect(await ok(t.app, admin, '/api/survey/result/remind', { id: s.id })).toEqual({ count: 1 });
    const { rows } = await t.db.execute<{ user_id: number; template: string; params: { name: string } }>(
      sql`select user_id, template, params from messages where template = 'surveyAnswerReminder' and params->>'name' = ${s.name}`,
    );
    expect(rows).toEqual([{ user_id: s.dot.id, template: 'surveyAnswerReminder', params: { name: s.name } }]);
    // Nobody left in North: nothing sent.
    expect(await ok(t.app, admin, '/api/survey/result/remind', { id: s.id, orgId: s.north.id })).toEqual({ count: 0 });
  });

  it('does not remind once the survey has ended', async () => {
    const s = await answered();
    await t.db.execute(sql`update surveys set start_at = now() - interval '2 hours', end_at = now() - interval '1 second' where id = ${s.id}`);
    expect((await result(admin, { id: s.id })).abilities.remind).toBe(false);
    expect(await refusal(t.app, admin, '/api/survey/result/remind', { id: s.id })).toMatchObject({ code: 'SURVEY_NOT_OPEN' });
  });
});

describe('survey results: anonymous surveys name nobody', () => {
  it('refuses the organization filter, who has not answered and reminders; texts and exports carry no person', async () => {
    const s = await answered({ anonymous: true });
    const r = await result(admin, { id: s.id });
    expect(r).toMatchObject({ respondents: 3, rate: 75, named: false, abilities: { unanswered: false, remind: false } });
    for (const [path, body] of [
      ['/api/survey/result', { id: s.id, orgId: s.north.id }],
      ['/api/survey/result/texts', { id: s.id, key: 'why', orgId: s.north.id }],
      ['/api/survey/result/unanswered', { id: s.id }],
      ['/api/survey/result/remind', { id: s.id }],
    ] as const) {
      expect(await refusal(t.app, admin, path, body)).toMatchObject({ code: 'SURVEY_ANONYMOUS_REFUSED' });
    }
    const texts = await ok(t.app, admin, '/api/survey/result/texts', { id: s.id, key: 'why' });
    expect(texts.records).toHaveLength(2);
    for (const row of texts.records) {
      expect(row).toMatchObject({ realname: null, orgName: null });
      expect(row.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const file = await call(t.app, admin, '/api/survey/result/export-answers', { id: s.id, lang: 'en-US' });
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file);
    expect(rows[0]).toEqual(['Submitted', 'Where?', 'Liked', 'Overall', 'Rate the parts', 'Hours spent', 'Comments']);
    expect(rows).toHaveLength(4);
    const cells = JSON.stringify(rows);
    for (const who of [s.ann, s.ben, s.cy]) for (const word of [who.user.username, who.user.realname]) expect(cells).not.toContain(word);
    for (const org of [s.north, s.south]) expect(cells).not.toContain(org.name);
  });
});

describe('survey results: exports', () => {
  it('writes one row per answer with a column per question, and the summary, in the reader’s language', async () => {
    const answers = await call(t.app, admin, '/api/survey/result/export-answers', { id: named.id, lang: 'en-US', timeZone: 'Asia/Shanghai' });
    expect(decodeURIComponent(String(answers.headers['content-disposition']))).toContain(`Survey answers-${named.name}`);
    const rows = await sheetRows(answers);
    expect(rows[0]).toEqual(['Submitted', 'Name', 'Username', 'Organization', 'Where?', 'Liked', 'Overall', 'Rate the parts', 'Hours spent', 'Comments']);
    const ben = rows.find((r) => r[2] === named.ben.user.username)!;
    expect(ben.slice(3)).toEqual([named.north.name, 'Other: Remote', 'Labs', 3, 'Content: Poor', 20, 'More coffee please']);
    const ann = rows.find((r) => r[2] === named.ann.user.username)!;
    expect(ann[7]).toBe('Content: Poor; Pace: Good');

    const summary = await sheetRows(await call(t.app, admin, '/api/survey/result/export-summary', { id: named.id, lang: 'en-US' }));
    expect(summary[0]).toEqual(['Question', 'Answer', 'Count', 'Share (%)', 'Value']);
    expect(summary).toContainEqual(['Overview', 'Response rate (%)', null, null, 75].map((v) => v ?? undefined));
    expect(summary).toContainEqual(['Where?', 'Office', 1, 33.3]);
    expect(summary).toContainEqual(['Overall', 'Average', undefined, undefined, 4]);
    const zh = await call(t.app, admin, '/api/survey/result/export-summary', { id: named.id, orgId: named.north.id, lang: 'zh-CN' });
    expect(await sheetRows(zh)).toContainEqual(['概况', '回收率(%)', undefined, undefined, 100]);
  });
});

describe('survey results: reports', () => {
  it('lists the surveys of the scope with their response rate, and one survey per organization', async () => {
    const page = await ok(t.app, admin, '/api/survey/report/list', { keyword: named.name });
    expect(page.records).toEqual([expect.objectContaining({ id: named.id, audienceSize: 4, respondents: 3, rate: 75 })]);
    const orgs = await ok(t.app, admin, '/api/survey/report/orgs', { id: named.id, sort: '-rate' });
    expect(orgs.records.map((r: { orgName: string; audienceSize: number; respondents: number; rate: number }) => [r.orgName, r.audienceSize, r.respondents, r.rate])).toEqual([
      [named.north.name, 2, 2, 100],
      [named.south.name, 2, 1, 50],
    ]);
    const south = await ok(t.app, admin, '/api/survey/report/orgs', { id: named.id, keyword: 'South' });
    expect(south.records.map((r: { orgId: number }) => r.orgId)).toEqual([named.south.id]);
  });
});

describe('survey results: authorization', () => {
  it('needs dcgl to read, dcgl:export to export and dcgl:publish to remind', async () => {
    const reader = await newUserSession(t, { permissions: ['dcgl'] });
    const r = await result(reader, { id: named.id });
    expect(r.abilities).toMatchObject({ remind: false, export: false });
    expect(await refusal(t.app, reader, '/api/survey/result/export-answers', { id: named.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, reader, '/api/survey/result/export-summary', { id: named.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, reader, '/api/survey/result/remind', { id: named.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const student = await newUserSession(t, { permissions: [] });
    for (const path of ['/api/survey/result', '/api/survey/result/texts', '/api/survey/result/unanswered', '/api/survey/report/list', '/api/survey/report/orgs']) {
      expect(await refusal(t.app, student, path, { id: named.id, key: 'why' })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    }
  });

  it('keeps an administrator to the surveys of their data scope', async () => {
    const org = await buildOrg(t.db, { name: `Elsewhere ${uniq()}` });
    const other = await newUserSession(t, { permissions: ['dcgl', 'dcgl:export', 'dcgl:publish'], orgId: org.id, scopeOrgIds: [org.id] });
    for (const [path, body] of [
      ['/api/survey/result', { id: named.id }],
      ['/api/survey/result/texts', { id: named.id, key: 'why' }],
      ['/api/survey/result/unanswered', { id: named.id }],
      ['/api/survey/result/remind', { id: named.id }],
      ['/api/survey/result/export-answers', { id: named.id }],
      ['/api/survey/result/export-summary', { id: named.id }],
      ['/api/survey/report/orgs', { id: named.id }],
    ] as const) {
      expect(await refusal(t.app, other, path, body)).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'id' });
    }
    expect((await ok(t.app, other, '/api/survey/report/list', { keyword: named.name })).total).toBe(0);
    expect(await refusal(t.app, admin, '/api/survey/result', { id: 999_999_999 })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'id' });
  });
});

describe('survey results: public results for respondents', () => {
  it('shows the figures, without texts, to a respondent of a results-public survey once they answered', async () => {
    const s = await answered({ resultsPublic: true });
    const mine = await ok(t.app, s.ann, '/api/survey/my/result', { id: s.id });
    expect(mine).toMatchObject({ respondents: 3, rate: 75, abilities: { texts: false, unanswered: false, remind: false, export: false } });
    expect(JSON.stringify(mine)).not.toContain('Great trainer');
    expect(await refusal(t.app, s.ann, '/api/survey/result/texts', { id: s.id, key: 'why' })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    // Dot has not answered yet; an outsider is not in the audience.
    expect(await refusal(t.app, s.dot, '/api/survey/my/result', { id: s.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const outsider = await newUserSession(t, { permissions: [] });
    expect(await refusal(t.app, outsider, '/api/survey/my/result', { id: s.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it('refuses them when the results are not public', async () => {
    expect(await refusal(t.app, named.ann, '/api/survey/my/result', { id: named.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR', field: 'id' });
  });
});
