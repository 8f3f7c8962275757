import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseStatus } from '@hanlin/shared';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';
import { courses } from '../courses/index.js';
import { courseLearners, recountLearnerTotals } from '../learning/index.js';

const t = useTestApp();
let admin: Session;
let outsider: Session;
let north: { id: number }, south: { id: number }, other: { id: number };
let ann: { id: number }, bob: { id: number }, cid: { id: number }, dee: { id: number };
let fire: number, excel: number, draftCourse: number, plant: number;
const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

async function buildCourse(name: string, status: CourseStatus = 'published', credit = 0, orgId?: number) {
  const [c] = await t.db
    .insert(courses)
    .values({ name, status, credit, orgId: orgId ?? (await rootOrg(t.db)).id })
    .returning({ id: courses.id });
  return c!.id;
}

beforeAll(async () => {
  admin = await login(t.app);
  const sales = await buildOrg(t.db, { name: 'Sales' });
  north = await buildOrg(t.db, { parentId: sales.id, name: 'North' });
  south = await buildOrg(t.db, { parentId: sales.id, name: 'South' });
  other = await buildOrg(t.db, { name: 'Factory' });
  ann = await buildUser(t.db, { orgId: north.id, realname: 'Ann', username: 'ann' });
  bob = await buildUser(t.db, { orgId: south.id, realname: 'Bob', username: 'bob' });
  cid = await buildUser(t.db, { orgId: south.id, realname: 'Cid', username: 'cid' });
  dee = await buildUser(t.db, { orgId: other.id, realname: 'Dee', username: 'dee' });
  fire = await buildCourse('Fire drill', 'published', 2, sales.id);
  excel = await buildCourse('Excel tips', 'unpublished', 1, sales.id);
  draftCourse = await buildCourse('Not yet', 'draft');
  // The Factory's own course, learnt by its own Dee only.
  plant = await buildCourse('Plant safety', 'published', 0, other.id);
  await t.db.insert(courseLearners).values([
    {
      courseId: fire,
      userId: ann.id,
      status: 'passed',
      progress: 100,
      learnedSeconds: 3600,
      score: 90,
      creditAwarded: 2,
      startedAt: day('2026-03-01'),
      lastLearnedAt: day('2026-03-02'),
      passedAt: day('2026-03-02'),
    },
    { courseId: excel, userId: ann.id, status: 'learning', progress: 30, learnedSeconds: 600, startedAt: day('2026-03-10'), lastLearnedAt: day('2026-03-11') },
    {
      courseId: fire,
      userId: bob.id,
      status: 'learning',
      progress: 50,
      learnedSeconds: 1200,
      startedAt: day('2026-04-01'),
      lastLearnedAt: day('2026-04-02'),
      source: 'assignment',
    },
    { courseId: fire, userId: dee.id, status: 'passed', progress: 100, learnedSeconds: 7200, creditAwarded: 2, startedAt: day('2026-03-05'), passedAt: day('2026-03-06') },
    { courseId: plant, userId: dee.id, status: 'learning', progress: 10, learnedSeconds: 60, startedAt: day('2026-03-07'), lastLearnedAt: day('2026-03-07') },
  ]);
  // Rows written straight into the table: their people's totals are counted as the learning module keeps them.
  await recountLearnerTotals(t.db);
  const o = await buildUser(t.db, { orgId: other.id, permissions: ['bbtj', 'bbtj:export', 'kctj', 'kctj:export'], scopeOrgIds: [other.id] });
  outsider = await login(t.app, o.username, o.password);
  expect((await rootOrg(t.db)).id).toBeGreaterThan(0);
});

describe('study report (per person)', () => {
  it('counts courses learning and passed, time and credits per person, with filters and sort', async () => {
    const page = await ok(t.app, admin, '/api/report/study', { orgId: north.id });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ userId: ann.id, realname: 'Ann', orgName: 'North', learning: 1, passed: 1, learnedSeconds: 4200, credits: 2 });
    expect(page.records[0].lastLearnedAt).toBe(day('2026-03-11').toISOString());

    const all = await ok(t.app, admin, '/api/report/study', { keyword: '', sort: '-learnedSeconds' });
    const mine = all.records.filter((r: { userId: number }) => [ann.id, bob.id, dee.id].includes(r.userId)).map((r: { realname: string }) => r.realname);
    expect(mine).toEqual(['Dee', 'Ann', 'Bob']);
    // Cid never learnt: not in the report.
    expect(all.records.some((r: { userId: number }) => r.userId === cid.id)).toBe(false);
    expect((await ok(t.app, admin, '/api/report/study', { keyword: 'bo' })).records.map((r: { userId: number }) => r.userId)).toEqual([bob.id]);
    // Learning in April only: Bob.
    const april = await ok(t.app, admin, '/api/report/study', { from: '2026-04-01', to: '2026-04-30' });
    expect(april.records.map((r: { userId: number }) => r.userId)).toEqual([bob.id]);
    // The range picker's instants (a reader in UTC+8): the same days.
    const picked = await ok(t.app, admin, '/api/report/study', { from: '2026-03-31T16:00:00.000Z', to: '2026-04-30T15:59:59.999Z' });
    expect(picked.records.map((r: { userId: number }) => r.userId)).toEqual([bob.id]);
    const paged = await ok(t.app, admin, '/api/report/study', { orgId: other.id, size: 1, page: 2 });
    expect(paged).toMatchObject({ total: 1, records: [] });
  });

  it('shows one person’s courses with progress, time, score and passed at', async () => {
    const page = await ok(t.app, admin, '/api/report/person', { userId: ann.id, sort: 'courseName' });
    expect(page.user).toEqual({ id: ann.id, realname: 'Ann', username: 'ann', orgName: 'North' });
    expect(page.records).toEqual([
      expect.objectContaining({ courseId: excel, courseName: 'Excel tips', status: 'learning', progress: 30, learnedSeconds: 600, score: null, passedAt: null }),
      expect.objectContaining({
        courseId: fire,
        courseName: 'Fire drill',
        status: 'passed',
        progress: 100,
        learnedSeconds: 3600,
        score: 90,
        credits: 2,
        passedAt: day('2026-03-02').toISOString(),
      }),
    ]);
    // The person's totals over every course, whatever the filters.
    expect(page.totals).toEqual({ learning: 1, passed: 1, learnedSeconds: 4200, credits: 2, lastLearnedAt: day('2026-03-11').toISOString() });
    expect((await ok(t.app, admin, '/api/report/person', { userId: ann.id, status: 'passed' })).total).toBe(1);
    expect((await ok(t.app, admin, '/api/report/person', { userId: cid.id })).totals).toMatchObject({ learning: 0, passed: 0, learnedSeconds: 0 });
    expect((await call(t.app, admin, '/api/report/person', { userId: 99999999 })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('course report (per course)', () => {
  it('counts learners, passed, pass rate and average time per course; drafts are left out', async () => {
    const page = await ok(t.app, admin, '/api/report/course', { sort: 'name' });
    const names = page.records.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Not yet');
    expect(page.records.find((r: { courseId: number }) => r.courseId === fire)).toEqual({
      courseId: fire,
      name: 'Fire drill',
      categoryName: null,
      status: 'published',
      learners: 3,
      passed: 2,
      passRate: 66.7,
      avgSeconds: 4000,
    });
    const sales = await ok(t.app, admin, '/api/report/course', { keyword: 'Fire', orgId: south.id });
    expect(sales.records[0]).toMatchObject({ learners: 1, passed: 0, passRate: 0, avgSeconds: 1200 });
    expect(draftCourse).toBeGreaterThan(0);
  });

  it('lists one course’s learners with progress', async () => {
    const page = await ok(t.app, admin, '/api/report/course-info', { courseId: fire, sort: 'realname' });
    expect(page.course).toEqual({ id: fire, name: 'Fire drill', status: 'published' });
    expect(page.records.map((r: { realname: string; progress: number; source: string }) => [r.realname, r.progress, r.source])).toEqual([
      ['Ann', 100, 'self'],
      ['Bob', 50, 'assignment'],
      ['Dee', 100, 'self'],
    ]);
    expect((await ok(t.app, admin, '/api/report/course-info', { courseId: fire, status: 'learning' })).records.map((r: { userId: number }) => r.userId)).toEqual([bob.id]);
    expect((await call(t.app, admin, '/api/report/course-info', { courseId: 99999999 })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('data scope', () => {
  it('shows an administrator of another subtree none of these people', async () => {
    const study = await ok(t.app, outsider, '/api/report/study', {});
    expect(study.records.map((r: { userId: number }) => r.userId)).toEqual([dee.id]);
    const res = await call(t.app, outsider, '/api/report/person', { userId: ann.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    const file = await call(t.app, outsider, '/api/report/course-info/export', { courseId: plant });
    expect((await readBook(file.rawPayload)).worksheets[0]!.rowCount).toBe(2);
  });

  it('shows an administrator of another branch none of the other branches’ courses, in lists, details and exports', async () => {
    // Dee of the Factory learnt Sales' Fire drill: still a Sales course, not the Factory administrator's to report on.
    const page = await ok(t.app, outsider, '/api/report/course', {});
    expect(page.records.map((r: { courseId: number }) => r.courseId)).toEqual([plant]);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ name: 'Plant safety', learners: 1, passed: 0 });
    expect((await ok(t.app, outsider, '/api/report/course', { keyword: 'Fire' })).total).toBe(0);
    const sheet = (await readBook((await call(t.app, outsider, '/api/report/course/export', { lang: 'en-US' })).rawPayload)).worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Plant safety');
    for (const path of ['/api/report/course-info', '/api/report/course-info/export']) {
      const res = await call(t.app, outsider, path, { courseId: fire });
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'courseId' });
    }
    expect((await ok(t.app, outsider, '/api/report/course-info', { courseId: plant })).records.map((r: { userId: number }) => r.userId)).toEqual([dee.id]);
    // The root administrator sees both branches' courses; learners stay those in the caller's scope.
    const all = (await ok(t.app, admin, '/api/report/course', {})).records.map((r: { courseId: number }) => r.courseId);
    expect(all).toEqual(expect.arrayContaining([fire, excel, plant]));
  });

  it('needs the report codes', async () => {
    const u = await buildUser(t.db, { permissions: ['bbtj'] });
    const s = await login(t.app, u.username, u.password);
    expect((await call(t.app, s, '/api/report/study/export', {})).statusCode).toBe(403);
    expect((await call(t.app, s, '/api/report/course', {})).statusCode).toBe(403);
    expect((await call(t.app, s, '/api/report/study', {})).statusCode).toBe(200);
  });
});

describe('exports', () => {
  it('open with exceljs, with headers in the reader’s language, local times and the right rows', async () => {
    const study = await call(t.app, admin, '/api/report/study/export', { orgId: north.id, lang: 'en-US', timeZone: 'Asia/Shanghai' });
    expect(study.statusCode, study.body).toBe(200);
    expect(decodeURIComponent(String(study.headers['content-disposition']))).toMatch(/Study report-\d{8}-\d{4}\.xlsx/);
    const sheet = (await readBook(study.rawPayload)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Name',
      'Username',
      'Organization',
      'Courses in progress',
      'Courses passed',
      'Learning time',
      'Credits',
      'Last learned',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Ann', 'ann', 'North', 1, 1, '1:10:00', 2, '2026-03-11 18:00']);
    expect(sheet.rowCount).toBe(2);

    const person = await call(t.app, admin, '/api/report/person/export', { userId: ann.id, sort: 'courseName', lang: 'pt', timeZone: 'America/Sao_Paulo' });
    const ps = (await readBook(person.rawPayload)).worksheets[0]!;
    expect(ps.getRow(1).getCell(1).value).toBe('Curso');
    expect((ps.getRow(3).values as unknown[]).slice(1)).toEqual(['Fire drill', 'Eletivo', 'Aprovado', 100, '1:00:00', 90, 2, '2026-03-01 07:00', '2026-03-02 07:00']);

    const course = await call(t.app, admin, '/api/report/course/export', { keyword: 'Fire' });
    expect(decodeURIComponent(String(course.headers['content-disposition']))).toContain('课程统计');
    const cs = (await readBook(course.rawPayload)).worksheets[0]!;
    expect((cs.getRow(1).values as unknown[]).slice(1)).toEqual(['课程', '分类', '学习人数', '通过人数', '通过率(%)', '平均学习时长']);
    expect((cs.getRow(2).values as unknown[]).slice(1)).toEqual(['Fire drill', undefined, 3, 2, 66.7, '1:06:40']);
    expect(cs.rowCount).toBe(2);

    const info = await call(t.app, admin, '/api/report/course-info/export', { courseId: fire, status: 'passed', sort: 'realname', lang: 'en-US' });
    const is = (await readBook(info.rawPayload)).worksheets[0]!;
    expect(is.rowCount).toBe(3);
    expect(is.getRow(2).getCell(1).value).toBe('Ann');
    expect(is.getRow(2).getCell(5).value).toBe('Passed');

    expect((await call(t.app, admin, '/api/report/study/export', { timeZone: 'Mars/Base' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'timeZone' });
  });
});
