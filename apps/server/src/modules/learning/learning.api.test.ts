import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CERTIFICATE_DEFAULT_LAYOUT, PLATFORM_PARAMS_DEFAULTS } from '@hanlin/shared';
import { PDFDocument } from 'pdf-lib';
import { useTestApp, login, call, ok, dataOf, uploaded, signHeaders, MINIMAL_PDF, type Session } from '../../test/harness.js';
import { uploadFile } from '../../test/excel.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { courses } from '../courses/index.js';
import { buildZip, manifest12 } from '../../test/scorm.js';
import { certificates } from '../certificates/index.js';
import { courseLearners, learnerTotals, learningClocks } from './learning.schema.js';
import { buildCourse, buildCourseware } from '../../test/learning.js';

const t = useTestApp();
let admin: Session;
let org: { id: number };
let templateId: number;
const uniq = () => crypto.randomBytes(4).toString('hex');
const post = (s: Session, url: string, body: object = {}) => call(t.app, s, url, body);
async function student(orgId = org.id) {
  const u = await buildUser(t.db, { orgId, permissions: ['kc-pc', 'zs-pc'] });
  return { user: u, s: await login(t.app, u.username, u.password) };
}
/** Moves the user's learning clock back, as if their last counted beat was `seconds` ago. */
const clockBack = (userId: number, seconds: number) =>
  t.db
    .update(learningClocks)
    .set({ lastBeatAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(learningClocks.userId, userId));
const learnerRow = async (courseId: number, userId: number) =>
  (
    await t.db
      .select()
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)))
  )[0]!;
/** Time passes for the user: their clock and a pending anti-cheat pop-up both move back. */
async function elapse(userId: number, courseId: number, seconds: number) {
  await clockBack(userId, seconds);
  await t.db.execute(
    sql`update course_learners set challenge_due_at = challenge_due_at - make_interval(secs => ${seconds}) where course_id = ${courseId} and user_id = ${userId}`,
  );
}
const beat = (s: Session, courseId: number, itemId: number, extra: object = {}) => ok(t.app, s, '/api/learning/heartbeat', { courseId, itemId, visible: true, ...extra });
/** Opens an item on the learning page (what lets its beats count). */
const openItem = (s: Session, courseId: number, itemId: number) => ok(t.app, s, '/api/learning/item/open', { courseId, itemId });
/** Starts the course and opens every item of it. */
async function startAndOpen(s: Session, course: { id: number; itemIds: number[] }) {
  await ok(t.app, s, '/api/learning/course/start', { id: course.id });
  for (const itemId of course.itemIds) await openItem(s, course.id, itemId);
}

beforeAll(async () => {
  admin = await login(t.app);
  org = await buildOrg(t.db);
  const tpl = await ok(t.app, admin, '/api/certificate/template/insert', {
    name: `证书 ${uniq()}`,
    authority: '翰林学院',
    validityMonths: null,
    layout: CERTIFICATE_DEFAULT_LAYOUT,
  });
  templateId = tpl.id;
});

async function videoCourse(extra: Parameters<typeof buildCourse>[1] extends infer C ? Partial<C> : never = {}) {
  const video = await buildCourseware(t.db, { type: 'video' });
  const pdf = await buildCourseware(t.db, { type: 'general', mime: 'application/pdf' });
  return buildCourse(t.db, { chapters: [[video], [pdf]], audience: [{ type: 'org', id: org.id }], ...extra });
}

describe('course list and detail', () => {
  it('shows a published course to its audience with filters, and hides it from everyone else', async () => {
    const name = `Safety ${uniq()}`;
    const course = await videoCourse({ name, required: true, labels: ['safety'] });
    const draft = await videoCourse({ name: `${name} draft`, status: 'draft' });
    const { s } = await student();
    const outsider = await student((await buildOrg(t.db)).id);

    const page = await ok(t.app, s, '/api/learning/course/list', { keyword: name });
    expect(page.records.map((r: any) => r.id)).toEqual([course.id]);
    expect(page.records[0]).toMatchObject({ name, required: true, labels: ['safety'], myStatus: 'notStarted', progress: 0 });
    expect((await ok(t.app, s, '/api/learning/course/list', { keyword: name, required: false })).total).toBe(0);
    expect((await ok(t.app, s, '/api/learning/course/list', { keyword: name, label: 'safety', status: 'notStarted' })).total).toBe(1);
    expect((await ok(t.app, s, '/api/learning/course/list', { keyword: name, status: 'learning' })).total).toBe(0);
    expect((await post(s, '/api/learning/course/get', { id: draft.id })).json().msg).toBe('NOT_FOUND_ERROR');

    const detail = await ok(t.app, s, '/api/learning/course/get', { id: course.id });
    expect(detail.chapters.map((c: any) => c.items.map((i: any) => i.kind))).toEqual([['video'], ['pdf']]);
    expect(detail).toMatchObject({ intro: '<p>Intro</p>', passProgress: 100, learner: null, abilities: { start: true, learn: false } });

    // Outside the audience: not listed, not readable, not startable.
    expect((await ok(t.app, outsider.s, '/api/learning/course/list', { keyword: name })).total).toBe(0);
    for (const url of ['/api/learning/course/get', '/api/learning/course/start']) expect((await post(outsider.s, url, { id: course.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await post(outsider.s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0] })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('starts learning once, lists it under learning in my courses, and keeps an off-shelf course readable for its learners', async () => {
    const course = await videoCourse();
    const { s } = await student();
    const other = await student();
    const first = await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    expect(first).toMatchObject({ status: 'learning', progress: 0, learnedSeconds: 0 });
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    const mine = await ok(t.app, s, '/api/learning/my', { status: 'learning' });
    expect(mine.records.map((r: any) => r.id)).toEqual([course.id]);
    expect((await ok(t.app, s, '/api/learning/course/list', { status: 'learning' })).records.map((r: any) => r.id)).toEqual([course.id]);

    await t.db.execute(sql`update courses set status = 'offshelf' where id = ${course.id}`);
    const detail = await ok(t.app, s, '/api/learning/course/get', { id: course.id });
    expect(detail).toMatchObject({ offShelf: true, abilities: { start: false, learn: true } });
    expect((await ok(t.app, s, '/api/learning/course/list', {})).records.map((r: any) => r.id)).toContain(course.id);
    expect((await post(other.s, '/api/learning/course/get', { id: course.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await post(other.s, '/api/learning/course/start', { id: course.id })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('unpublished or off the shelf: learners keep the course, their progress and certificate; nobody new starts; off the shelf is for good', async () => {
    const course = await videoCourse({ certificateTemplateId: templateId });
    await t.db
      .update(courses)
      .set({ orgId: (await rootOrg(t.db)).id })
      .where(eq(courses.id, course.id));
    const passer = await student();
    const halfway = await student();
    const newcomer = await student();
    for (const l of [passer, halfway]) await startAndOpen(l.s, course);
    await beat(passer.s, course.id, course.itemIds[0]!, { position: 100 });
    const passed = await beat(passer.s, course.id, course.itemIds[1]!, { position: 3 });
    expect(passed.learner.status).toBe('passed');
    await beat(halfway.s, course.id, course.itemIds[1]!, { position: 3 });

    const keepsReading = async () => {
      expect((await ok(t.app, passer.s, '/api/learning/my', { status: 'passed' })).records.map((r: any) => r.id)).toEqual([course.id]);
      expect((await ok(t.app, passer.s, '/api/certificate/my', {})).records.map((c: any) => c.id)).toEqual([passed.learner.certificateId]);
      const res = await t.app.inject({ method: 'POST', url: '/api/certificate/my/download', payload: { id: passed.learner.certificateId }, headers: passer.s.headers() });
      expect(res.statusCode).toBe(200);
      const half = await ok(t.app, halfway.s, '/api/learning/course/get', { id: course.id });
      expect(half).toMatchObject({ myStatus: 'learning', progress: 50, abilities: { start: false, learn: true } });
      expect(half.chapters[1].items[0]).toMatchObject({ completed: true });
      // The one who was half way goes on learning.
      expect((await beat(halfway.s, course.id, course.itemIds[0]!, { position: 10 })).learner).toMatchObject({ status: 'learning', progress: 50 });
      // Someone of the audience who never started: not shown, not started.
      expect((await ok(t.app, newcomer.s, '/api/learning/course/list', {})).records.map((r: any) => r.id)).not.toContain(course.id);
      expect((await post(newcomer.s, '/api/learning/course/get', { id: course.id })).json().msg).toBe('NOT_FOUND_ERROR');
      expect((await post(newcomer.s, '/api/learning/course/start', { id: course.id })).json().msg).toBe('NOT_FOUND_ERROR');
      expect((await post(newcomer.s, '/api/learning/heartbeat', { courseId: course.id, itemId: course.itemIds[0], visible: true })).json().msg).toBe('NOT_FOUND_ERROR');
    };

    await ok(t.app, admin, '/api/course/unpublish', { ids: [course.id] });
    await keepsReading();
    expect((await ok(t.app, halfway.s, '/api/learning/course/get', { id: course.id })).offShelf).toBe(false);

    await ok(t.app, admin, '/api/course/publish', { ids: [course.id] });
    await ok(t.app, admin, '/api/course/off-shelf', { ids: [course.id] });
    await keepsReading();
    expect((await ok(t.app, halfway.s, '/api/learning/course/get', { id: course.id })).offShelf).toBe(true);
    // Off the shelf never comes back, and its information stays as it was.
    for (const url of ['/api/course/publish', '/api/course/unpublish']) expect((await post(admin, url, { ids: [course.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await post(admin, '/api/course/update', { id: course.id, credit: 9 })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', field: 'status' });
    await keepsReading();
  });

  it('answers COURSE_EXPIRED past the validity, to newcomers and to learners entering it', async () => {
    const course = await videoCourse();
    const { s } = await student();
    const late = await student();
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    await t.db.execute(sql`update courses set valid_until = now() - interval '1 minute' where id = ${course.id}`);
    expect((await ok(t.app, late.s, '/api/learning/course/list', {})).records.map((r: any) => r.id)).not.toContain(course.id);
    expect((await post(late.s, '/api/learning/course/start', { id: course.id })).json().msg).toBe('COURSE_EXPIRED');
    expect((await post(late.s, '/api/learning/course/get', { id: course.id })).json().msg).toBe('COURSE_EXPIRED');
    // The learner still reads it, but cannot learn any more.
    expect((await ok(t.app, s, '/api/learning/course/get', { id: course.id })).abilities).toEqual({ start: false, learn: false });
    const res = await post(s, '/api/learning/heartbeat', { courseId: course.id, itemId: course.itemIds[0], visible: true });
    expect(res.json().msg).toBe('COURSE_EXPIRED');
  });

  it('lets learners read their course courseware files, and nobody else', async () => {
    const up = await uploaded(t.app, admin, { filename: 'doc.pdf', data: MINIMAL_PDF, kind: 'courseware', purpose: 'courseware' });
    const [{ id: fileId }] = (await t.db.execute<{ id: number }>(sql`select id from files where public_id = ${up.id}`)).rows as [{ id: number }];
    const ware = await buildCourseware(t.db, { type: 'general', fileId });
    const course = await buildCourse(t.db, { chapters: [[ware]], audience: [{ type: 'org', id: org.id }] });
    const { s } = await student();
    const read = () => t.app.inject({ method: 'GET', url: `/api/upload/file/${up.id}`, headers: s.headers() });
    expect((await read()).statusCode).not.toBe(200);
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    expect((await read()).statusCode).toBe(200);
    // Opening a general file counts it as learnt: one item of one, the course is passed.
    const open = await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0] });
    expect(open.item).toMatchObject({ kind: 'pdf', completed: false });
  });
});

describe('time from heartbeats', () => {
  it('counts the time since the last counted beat, capped, once across two tabs, nothing for a hidden tab', async () => {
    const course = await videoCourse();
    const { user, s } = await student();
    await startAndOpen(s, course);
    const item = course.itemIds[0]!;
    expect((await beat(s, course.id, item)).counted).toBe(0); // opening started the clock just now
    await clockBack(user.id, 10);
    const [a, b] = await Promise.all([beat(s, course.id, item), beat(s, course.id, item)]);
    expect(a.counted + b.counted).toBe(10);
    await clockBack(user.id, 10);
    expect((await beat(s, course.id, item, { visible: false })).counted).toBe(0);
    // A hidden tab's beat does not move the clock: the visible one still gets its 10 s.
    expect((await beat(s, course.id, item)).counted).toBe(10);
    await clockBack(user.id, 3600);
    expect((await beat(s, course.id, item)).counted).toBe(15);
    expect((await learnerRow(course.id, user.id)).learnedSeconds).toBe(35);
  });

  it('counts one clock across two courses learnt at once', async () => {
    const one = await videoCourse();
    const two = await videoCourse();
    const { user, s } = await student();
    await startAndOpen(s, one);
    await startAndOpen(s, two);
    await beat(s, one.id, one.itemIds[0]!);
    await clockBack(user.id, 10);
    const [a, b] = await Promise.all([beat(s, one.id, one.itemIds[0]!), beat(s, two.id, two.itemIds[0]!)]);
    expect(a.counted + b.counted).toBe(10);
  });

  it('pauses counting when the anti-cheat pop-up is due until it is answered', async () => {
    const course = await videoCourse({ antiCheatInterval: 60 });
    const { user, s } = await student();
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    const item = course.itemIds[0]!;
    const open = await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: item });
    expect(open.challengeInSeconds).toBeGreaterThan(55);
    await beat(s, course.id, item);
    // The pop-up falls due 6 s into the next 10 s: 6 s count, then nothing until it is answered.
    await t.db.execute(sql`update course_learners set challenge_due_at = now() + interval '6 seconds' where course_id = ${course.id} and user_id = ${user.id}`);
    await elapse(user.id, course.id, 10);
    const due = await beat(s, course.id, item);
    expect(due).toMatchObject({ challenge: true });
    expect(due.counted).toBeGreaterThanOrEqual(5);
    expect(due.counted).toBeLessThanOrEqual(6);
    await elapse(user.id, course.id, 10);
    expect(await beat(s, course.id, item)).toMatchObject({ counted: 0, challenge: true });
    expect((await ok(t.app, s, '/api/learning/challenge/answer', { id: course.id })).challengeInSeconds).toBe(60);
    await elapse(user.id, course.id, 10);
    expect(await beat(s, course.id, item)).toMatchObject({ counted: 10, challenge: false });
  });
  it('pops up at the parameter page’s interval when the course has anti-cheat without an interval of its own', async () => {
    const save = (v: number) => post(admin, '/api/settings/params/save', { ...PLATFORM_PARAMS_DEFAULTS, antiCheatIntervalSeconds: v });
    try {
      expect((await save(300)).statusCode).toBe(200);
      const course = await videoCourse({ antiCheat: true, antiCheatInterval: null });
      const own = await videoCourse({ antiCheatInterval: 45 });
      const { user, s } = await student();
      for (const c of [course, own]) await ok(t.app, s, '/api/learning/course/start', { id: c.id });
      // The learning page's data carries the interval: the course detail and the countdown of the opened item.
      expect((await ok(t.app, s, '/api/learning/course/get', { id: course.id })).antiCheatInterval).toBe(300);
      const open = await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0]! });
      expect(open.challengeInSeconds).toBeGreaterThan(295);
      expect(open.challengeInSeconds).toBeLessThanOrEqual(300);
      // A pop-up that fell due while the learner was away does not greet them when they come back.
      await elapse(user.id, course.id, 3600);
      const back = await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0]! });
      expect(back.challengeInSeconds).toBeGreaterThan(295);
      // A course's own interval wins over the parameter.
      expect((await ok(t.app, s, '/api/learning/item/open', { courseId: own.id, itemId: own.itemIds[0]! })).challengeInSeconds).toBeLessThanOrEqual(45);
      // Answered: the next pop-up is the parameter's interval away, as saved now.
      expect((await save(120)).statusCode).toBe(200);
      await elapse(user.id, course.id, 300);
      expect(await beat(s, course.id, course.itemIds[0]!)).toMatchObject({ challenge: true });
      expect((await ok(t.app, s, '/api/learning/challenge/answer', { id: course.id })).challengeInSeconds).toBe(120);
    } finally {
      await save(PLATFORM_PARAMS_DEFAULTS.antiCheatIntervalSeconds);
    }
  });
});

describe('completion and passing', () => {
  it('completes video at 95 %, PDF on its last page, then passes with the credit and the certificate', async () => {
    const course = await videoCourse({ credit: 3, certificateTemplateId: templateId });
    const { user, s } = await student();
    await startAndOpen(s, course);
    const [video, pdf] = course.itemIds as [number, number];
    // The video's 100 s and the PDF's 3 pages are the server's (the fixture's media assets).
    expect((await beat(s, course.id, video, { position: 90 })).item).toMatchObject({ completed: false, furthest: 90, total: 100, progress: 90 });
    const v = await beat(s, course.id, video, { position: 95 });
    expect(v.item).toMatchObject({ completed: true, progress: 100 });
    expect(v.learner).toMatchObject({ progress: 50, status: 'learning' });
    expect((await beat(s, course.id, pdf, { position: 2 })).item).toMatchObject({ completed: false, total: 3, progress: 66 });
    const done = await beat(s, course.id, pdf, { position: 3 });
    expect(done.learner).toMatchObject({ progress: 100, status: 'passed', creditAwarded: 3 });
    expect(done.learner.certificateId).toBeGreaterThan(0);
    const mine = await ok(t.app, s, '/api/learning/my', { status: 'passed' });
    expect(mine.records.map((r: any) => r.id)).toEqual([course.id]);
    const certs = await ok(t.app, s, '/api/certificate/my', {});
    expect(certs.records.map((c: any) => c.id)).toEqual([done.learner.certificateId]);
    const pdfRes = await t.app.inject({ method: 'POST', url: '/api/certificate/my/download', payload: { id: done.learner.certificateId }, headers: s.headers() });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toContain('application/pdf');
    expect(pdfRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Anyone verifies the number on the public page: the course passed through the portal, valid.
    const { name } = await ok(t.app, s, '/api/learning/course/get', { id: course.id });
    const number = certs.records[0].number as string;
    const verified = await call(t.app, null, '/api/certificate/verify', { number });
    expect(dataOf(verified)).toMatchObject({ number, title: name, status: 'valid', authority: '翰林学院' });
    expect(verified.body).not.toContain(user.username);
    // Passed for good: more beats change nothing of the award.
    await beat(s, course.id, pdf, { position: 1 });
    expect(await learnerRow(course.id, user.id)).toMatchObject({ status: 'passed', creditAwarded: 3 });
  });

  it('gives the experience of the parameter page once per passed course; a changed parameter sets the next grant', async () => {
    const save = (v: number) => post(admin, '/api/settings/params/save', { ...PLATFORM_PARAMS_DEFAULTS, experiencePerCourse: v });
    const exp = async (s: Session) => (await ok(t.app, s, '/api/student/info')).exp as number;
    const passAll = async (s: Session, course: { id: number; itemIds: number[] }) => {
      await startAndOpen(s, course);
      let last: any;
      for (const itemId of course.itemIds) last = await beat(s, course.id, itemId, { position: 100 });
      return last;
    };
    try {
      expect((await save(30)).statusCode).toBe(200);
      const { s } = await student();
      const first = await videoCourse();
      expect(await exp(s)).toBe(0);
      expect((await passAll(s, first)).learner.status).toBe('passed');
      expect(await exp(s)).toBe(30);
      // Passed for good: more beats on the passed course give nothing more.
      await beat(s, first.id, first.itemIds[0]!, { position: 100 });
      expect(await exp(s)).toBe(30);
      expect((await save(7)).statusCode).toBe(200);
      expect((await passAll(s, await videoCourse())).learner.status).toBe('passed');
      expect(await exp(s)).toBe(37);
    } finally {
      await save(PLATFORM_PARAMS_DEFAULTS.experiencePerCourse);
    }
  });

  it('awards the credit and the certificate once when the completing calls race', async () => {
    const pdfs = await Promise.all([1, 2, 3].map(() => buildCourseware(t.db, { type: 'general', mime: 'application/pdf' })));
    const course = await buildCourse(t.db, { chapters: [pdfs], audience: [{ type: 'org', id: org.id }], credit: 5, certificateTemplateId: templateId, passProgress: 60 });
    const { user, s } = await student();
    await startAndOpen(s, course);
    const answers = await Promise.all(course.itemIds.flatMap((itemId) => [1, 2].map(() => beat(s, course.id, itemId, { position: 3 }))));
    expect(answers.some((a) => a.learner.status === 'passed')).toBe(true);
    expect(await learnerRow(course.id, user.id)).toMatchObject({ status: 'passed', creditAwarded: 5, progress: 100 });
    const issued = await t.db.select().from(certificates).where(eq(certificates.userId, user.id));
    expect(issued).toHaveLength(1);
    // The experience of a passed course is given once too.
    expect((await ok(t.app, s, '/api/student/info')).exp).toBe(PLATFORM_PARAMS_DEFAULTS.experiencePerCourse);
  });

  it('changes a learner’s state only through the lifecycle: the database refuses any other state', async () => {
    const course = await videoCourse();
    const { user, s } = await student();
    // Not started: no learner row; starting writes the lifecycle's first state.
    expect((await ok(t.app, s, '/api/learning/course/get', { id: course.id })).myStatus).toBe('notStarted');
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    expect(await learnerRow(course.id, user.id)).toMatchObject({ status: 'learning' });
    const bad = t.db.execute(sql`update course_learners set status = 'finished' where course_id = ${course.id} and user_id = ${user.id}`);
    await expect(bad).rejects.toMatchObject({ cause: { code: '23514', constraint: 'course_learners_status_check' } });
  });

  it('keeps the person’s totals with every learning write, and the person report reads them', async () => {
    const a = await videoCourse({ credit: 4 });
    const b = await videoCourse({ credit: 1 });
    const { user, s } = await student();
    const totals = async () => (await t.db.select().from(learnerTotals).where(eq(learnerTotals.userId, user.id)))[0];
    expect(await totals()).toBeUndefined();
    await ok(t.app, s, '/api/learning/course/start', { id: a.id });
    await ok(t.app, s, '/api/learning/course/start', { id: a.id });
    await ok(t.app, s, '/api/learning/course/start', { id: b.id });
    expect(await totals()).toMatchObject({ learning: 2, passed: 0, learnedSeconds: 0, credits: 0 });
    for (const itemId of a.itemIds) await openItem(s, a.id, itemId);
    await beat(s, a.id, a.itemIds[0]!, { position: 1 });
    await clockBack(user.id, 8);
    await beat(s, a.id, a.itemIds[0]!, { position: 100 });
    await clockBack(user.id, 5);
    const done = await beat(s, a.id, a.itemIds[1]!, { position: 3 });
    expect(done.learner.status).toBe('passed');
    const rows = await t.db.select().from(courseLearners).where(eq(courseLearners.userId, user.id));
    const seconds = rows.reduce((n, r) => n + r.learnedSeconds, 0);
    expect(seconds).toBeGreaterThanOrEqual(13);
    expect(await totals()).toMatchObject({ learning: 1, passed: 1, learnedSeconds: seconds, credits: 4 });
    const report = await ok(t.app, admin, '/api/report/person', { userId: user.id });
    expect(report.totals).toMatchObject({ learning: 1, passed: 1, learnedSeconds: seconds, credits: 4 });
    expect(report.totals.lastLearnedAt).not.toBeNull();
    const study = await ok(t.app, admin, '/api/report/study', { keyword: user.username });
    expect(study.records).toEqual([expect.objectContaining({ userId: user.id, learning: 1, passed: 1, learnedSeconds: seconds, credits: 4 })]);
  });

  it('completes a SCORM item from its lesson status and needs the pass score', async () => {
    const zip = buildZip([
      { name: 'imsmanifest.xml', data: manifest12() },
      { name: 'index.html', data: '<html><body>SCO</body></html>' },
    ]);
    const pkg = dataOf<{ id: number }>(await uploadFile(t.app, admin, '/api/scorm/import', 'p.zip', zip));
    const ware = await buildCourseware(t.db, { type: 'scorm', mime: 'application/zip', scormPackageId: pkg.id });
    const course = await buildCourse(t.db, { chapters: [[ware]], audience: [{ type: 'org', id: org.id }], passScore: 90 });
    const { user, s } = await student();
    const outsider = await student((await buildOrg(t.db)).id);
    const contextKey = `course:${course.id}`;
    expect((await post(s, '/api/scorm/launch', { packageId: pkg.id, contextKey })).json().msg).toBe('NOT_FOUND_ERROR');
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    const open = await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0] });
    expect(open).toMatchObject({ scormPackageId: pkg.id, contextKey, item: { kind: 'scorm', completed: false } });
    const launch = await ok(t.app, s, '/api/scorm/launch', { packageId: pkg.id, contextKey });
    expect((await post(outsider.s, '/api/scorm/launch', { packageId: pkg.id, contextKey })).json().msg).toBe('NOT_FOUND_ERROR');
    /** The body of a commit or finish of the course's SCO in the launch `sessionId`. */
    const scoValues = (sessionId: string, values: Record<string, string>) => ({ packageId: pkg.id, contextKey, scoId: 'i1', sessionId, values });
    await ok(t.app, s, '/api/scorm/finish', scoValues(launch.sessionId, { lesson_status: 'passed', score_raw: '85', session_time: '00:01:00' }));
    const synced = await ok(t.app, s, '/api/learning/item/sync', { courseId: course.id, itemId: course.itemIds[0] });
    expect(synced.item).toMatchObject({ completed: true, score: 85 });
    // Progress 100 % but the score 85 is under the pass score 90.
    expect(synced.learner).toMatchObject({ progress: 100, score: 85, status: 'learning' });
    // A better attempt reaches the pass score.
    const again = await ok(t.app, s, '/api/scorm/launch', { packageId: pkg.id, contextKey });
    await ok(t.app, s, '/api/scorm/commit', scoValues(again.sessionId, { lesson_status: 'passed', score_raw: '92', session_time: '00:00:10' }));
    expect((await ok(t.app, s, '/api/learning/item/sync', { courseId: course.id, itemId: course.itemIds[0] })).learner).toMatchObject({ status: 'passed', score: 92 });
    expect((await learnerRow(course.id, user.id)).creditAwarded).toBe(2);
  });
});

describe('integrity: the server owns lengths, opening and time', () => {
  it('refuses the forged sequence: beats on an item never opened, with a made-up length, pass nothing', async () => {
    const course = await videoCourse({ certificateTemplateId: templateId });
    const { user, s } = await student();
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    const answers = [];
    for (const itemId of course.itemIds)
      for (let i = 0; i < 2; i++) answers.push((await post(s, '/api/learning/heartbeat', { courseId: course.id, itemId, visible: true, position: 1, total: 1 })).json());
    expect(await learnerRow(course.id, user.id)).toMatchObject({ status: 'learning', progress: 0, creditAwarded: 0, certificateId: null });
    expect((await ok(t.app, s, '/api/certificate/my', {})).total).toBe(0);
    // Each beat is refused: the item was never opened. A sync (which completes a general file) too.
    for (const a of answers) expect(a).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', field: 'itemId' });
    expect((await post(s, '/api/learning/item/sync', { courseId: course.id, itemId: course.itemIds[1] })).json()).toMatchObject({
      msg: 'STATE_TRANSITION_INVALID',
      field: 'itemId',
    });
    // Opened, the client's length still counts for nothing: the video is 100 s, the PDF 3 pages (the server's).
    for (const itemId of course.itemIds) await openItem(s, course.id, itemId);
    const video = await beat(s, course.id, course.itemIds[0]!, { position: 1, total: 1 });
    expect(video.item).toMatchObject({ completed: false, furthest: 1, total: 100, progress: 1 });
    const pdf = await beat(s, course.id, course.itemIds[1]!, { position: 1, total: 1 });
    expect(pdf.item).toMatchObject({ completed: false, total: 3 });
    expect(pdf.learner).toMatchObject({ status: 'learning', progress: 0, learnedSeconds: 0 });
  });

  it('completes no item whose length the server does not know yet, whatever the client says', async () => {
    const pending = await buildCourseware(t.db, { type: 'video', length: null });
    const course = await buildCourse(t.db, { chapters: [[pending]], audience: [{ type: 'org', id: org.id }] });
    const { user, s } = await student();
    await startAndOpen(s, course);
    const answer = await beat(s, course.id, course.itemIds[0]!, { position: 5_000_000, total: 1 });
    expect(answer.item).toMatchObject({ completed: false, total: 0, furthest: 0, progress: 0 });
    expect(await learnerRow(course.id, user.id)).toMatchObject({ status: 'learning', progress: 0 });
  });

  it('reads a PDF’s page count from the stored file once it is opened', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage();
    const up = await uploaded(t.app, admin, { filename: 'four.pdf', data: Buffer.from(await doc.save()), kind: 'courseware', purpose: 'courseware' });
    const ware = await ok(t.app, admin, '/api/courseware/insert', { name: `Four pages ${uniq()}`, type: 'general', file: up.url });
    const course = await buildCourse(t.db, { chapters: [[ware.id]], audience: [{ type: 'org', id: org.id }] });
    const { s } = await student();
    await ok(t.app, s, '/api/learning/course/start', { id: course.id });
    expect((await openItem(s, course.id, course.itemIds[0]!)).item).toMatchObject({ kind: 'pdf', total: 4, completed: false });
    expect((await beat(s, course.id, course.itemIds[0]!, { position: 3, total: 3 })).item).toMatchObject({ completed: false, progress: 75 });
    const last = await beat(s, course.id, course.itemIds[0]!, { position: 4 });
    expect(last.item).toMatchObject({ completed: true, progress: 100 });
    expect(last.learner.status).toBe('passed');
  });

  it('anti-skip: the furthest point moves no faster than the time counted, however many beats or tabs', async () => {
    const video = await buildCourseware(t.db, { type: 'video', length: 600 });
    const course = await buildCourse(t.db, { chapters: [[video]], audience: [{ type: 'org', id: org.id }], antiSkip: true });
    const { user, s } = await student();
    await startAndOpen(s, course);
    const item = course.itemIds[0]!;
    // A jump straight after opening, then beats fired as fast as possible: no time passed, nothing gained.
    expect((await beat(s, course.id, item, { position: 590 })).item).toMatchObject({ furthest: 0, completed: false });
    for (let i = 0; i < 10; i++) await beat(s, course.id, item, { position: 590 });
    expect((await beat(s, course.id, item, { position: 590 })).item.furthest).toBeLessThanOrEqual(2);
    // Ten tabs beating at once after 10 s: 10 s counted between them, the furthest point 20 s on at most (2× speed).
    await clockBack(user.id, 10);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => beat(s, course.id, item, { position: 590 })));
    expect(tabs.reduce((n, a) => n + a.counted, 0)).toBe(10);
    const after = Math.max(...tabs.map((a) => a.item.furthest));
    expect(after).toBeGreaterThanOrEqual(18);
    expect(after).toBeLessThanOrEqual(22);
    expect((await learnerRow(course.id, user.id)).learnedSeconds).toBeLessThanOrEqual(11);
    // An hour away: one beat counts the cap (15 s), the furthest point 30 s on at most.
    await clockBack(user.id, 3600);
    const back = await beat(s, course.id, item, { position: 590 });
    expect(back.counted).toBe(15);
    expect(back.item.furthest).toBeLessThanOrEqual(after + 32);
    expect(back.item.completed).toBe(false);
  });

  it('gains nothing from a timestamp in the future or time figures in the body', async () => {
    const course = await videoCourse();
    const { user, s } = await student();
    await startAndOpen(s, course);
    const future = Date.now() + 4 * 60_000; // inside the sign window, so the call is accepted
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learning/heartbeat',
      headers: signHeaders(user.id, s.signNumber, s.access_token, 'hanlin', future),
      payload: { courseId: course.id, itemId: course.itemIds[0], visible: true, position: 10, timestamp: future, learnedSeconds: 99_999, delta: 99_999, counted: 99_999 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.counted).toBeLessThanOrEqual(1);
    await clockBack(user.id, 10);
    const next = await beat(s, course.id, course.itemIds[0]!, { timestamp: future + 3_600_000 });
    expect(next.counted).toBe(10);
    expect((await learnerRow(course.id, user.id)).learnedSeconds).toBeLessThanOrEqual(11);
  });
});
