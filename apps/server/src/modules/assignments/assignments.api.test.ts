import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseStatus } from '@hanlin/shared';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, ok, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';
import { courses } from '../courses/index.js';
import { courseLearners, learnerTotals } from '../learning/index.js';
import { learnAssignments } from './assignments.schema.js';

const t = useTestApp();
let admin: Session;
const ALL = ['xxzp', 'xxzp:add', 'xxzp:modify', 'xxzp:delete', 'xxzp:publish', 'xxzp:unpublish', 'xxzp:export'];
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
let n = 0;

async function buildCourse(status: CourseStatus = 'published', name = `Course ${++n}`) {
  const [c] = await t.db.insert(courses).values({ name, status }).returning({ id: courses.id });
  return c!.id;
}

const create = (s: Session, body: Record<string, unknown>) =>
  ok<{ id: number; status: string; abilities: Record<string, boolean>; courses: { courseId: number }[] }>(t.app, s, '/api/learn-assign/insert', body);
const learnersOf = async (courseId: number) =>
  t.db
    .select({ userId: courseLearners.userId, source: courseLearners.source })
    .from(courseLearners)
    .where(eq(courseLearners.courseId, courseId))
    .orderBy(courseLearners.userId);

let orgA: { id: number }, orgA1: { id: number }, orgB: { id: number };
let a1: { id: number }, a2: { id: number }, a3: { id: number }, b1: { id: number };
let required: number, elective: number;

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: 'Sales' });
  orgA1 = await buildOrg(t.db, { parentId: orgA.id, name: 'Sales North' });
  orgB = await buildOrg(t.db, { name: 'Factory' });
  a1 = await buildUser(t.db, { orgId: orgA.id, realname: 'Ann' });
  a2 = await buildUser(t.db, { orgId: orgA1.id, realname: 'Bob' });
  a3 = await buildUser(t.db, { orgId: orgA1.id, realname: 'Cid' });
  b1 = await buildUser(t.db, { orgId: orgB.id, realname: 'Dee' });
  required = await buildCourse('published', 'Safety first');
  elective = await buildCourse('published', 'Excel tips');
});

const draft = (extra: Record<string, unknown> = {}) => ({
  title: `Assignment ${++n}`,
  deadline: inDays(7),
  courses: [
    { courseId: required, required: true },
    { courseId: elective, required: false },
  ],
  audience: [{ type: 'org', id: orgA.id }],
  ...extra,
});

describe('learning assignments', () => {
  it('saves a draft with its courses and audience, lists it with abilities', async () => {
    const a = await create(admin, draft({ title: 'Spring safety' }));
    expect(a).toMatchObject({ status: 'draft', requiredCount: 1, electiveCount: 1, assigneeCount: 0, expired: false });
    expect(a.abilities).toEqual({ modify: true, delete: true, publish: true, unpublish: false });
    const got = (await call(t.app, admin, '/api/learn-assign/get', { id: a.id })).json().data;
    expect(got.courses).toEqual([
      { courseId: required, name: 'Safety first', required: true, status: 'published' },
      { courseId: elective, name: 'Excel tips', required: false, status: 'published' },
    ]);
    expect(got.audience).toEqual([{ type: 'org', id: orgA.id, name: 'Sales' }]);
    const list = (await call(t.app, admin, '/api/learn-assign/list', { keyword: 'Spring' })).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: a.id, title: 'Spring safety', status: 'draft' });
    // Course picker: published courses only.
    const hidden = await buildCourse('draft', 'Hidden draft course');
    const options = (await call(t.app, admin, '/api/learn-assign/courses', { keyword: 'course' })).json().data as { id: number }[];
    expect(options.map((o) => o.id)).not.toContain(hidden);
    expect((await call(t.app, admin, '/api/learn-assign/courses', { keyword: 'Safety' })).json().data).toEqual([{ id: required, name: 'Safety first', required: false }]);
  });

  it('refuses unpublished courses, no courses and bad deadlines, naming the field', async () => {
    const hidden = await buildCourse('draft');
    const cases: [Record<string, unknown>, number, string, string][] = [
      [draft({ courses: [{ courseId: hidden, required: true }] }), 404, 'NOT_FOUND_ERROR', 'courses'],
      [draft({ courses: [] }), 400, 'PARAMETER_INVALID', 'courses'],
      [draft({ deadline: 'soon' }), 400, 'PARAMETER_INVALID', 'deadline'],
      [draft({ title: '' }), 400, 'PARAMETER_INVALID', 'title'],
      [draft({ audience: [{ type: 'org', id: 99999999 }] }), 404, 'NOT_FOUND_ERROR', 'audience'],
    ];
    for (const [body, status, msg, field] of cases) {
      const res = await call(t.app, admin, '/api/learn-assign/insert', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ msg, field });
    }
  });

  it('refuses to publish an expired assignment (deadline earlier than now)', async () => {
    const a = await create(admin, draft({ deadline: inDays(-1) }));
    expect(a.abilities.publish).toBe(false);
    const res = await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'DEADLINE_BEFORE_NOW', field: 'deadline' });
    const [row] = await t.db.select({ status: learnAssignments.status }).from(learnAssignments).where(eq(learnAssignments.id, a.id));
    expect(row!.status).toBe('draft');
    expect(await learnersOf(required)).toEqual([]);
  });

  it('re-checks on publishing what may have changed since saving: the deadline and every course still published', async () => {
    const leaving = await buildCourse('published', 'Leaving soon');
    const a = await create(admin, draft({ courses: [{ courseId: leaving, required: true }] }));
    expect(a.abilities.publish).toBe(true);
    // The course leaves the shelf after the assignment was saved: publishing is refused, naming it.
    await t.db.update(courses).set({ status: 'offshelf' }).where(eq(courses.id, leaving));
    const res = await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'CONTENT_INCOMPLETE', field: 'courses', data: { courses: [leaving] } });
    expect(await learnersOf(leaving)).toEqual([]);

    // The deadline passes while the page is open (the ability said yes): the server refuses.
    const b = await create(admin, draft());
    expect(b.abilities.publish).toBe(true);
    await t.db
      .update(learnAssignments)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(learnAssignments.id, b.id));
    const late = await call(t.app, admin, '/api/learn-assign/publish', { ids: [b.id] });
    expect(late.json()).toMatchObject({ msg: 'DEADLINE_BEFORE_NOW', field: 'deadline', data: { ids: [b.id] } });
    const rows = await t.db.select({ status: learnAssignments.status }).from(learnAssignments).where(eq(learnAssignments.id, b.id));
    expect(rows[0]!.status).toBe('draft');
  });

  it('publishing makes the audience learners of every course once; a self learner keeps their row', async () => {
    const solo = await buildCourse();
    const other = await buildCourse();
    await t.db.insert(courseLearners).values({ courseId: solo, userId: a2.id, source: 'self', progress: 40 });
    const lateOrg = await buildOrg(t.db, { name: 'Late comers' });
    const a = await create(
      admin,
      draft({
        courses: [
          { courseId: solo, required: true },
          { courseId: other, required: false },
        ],
        audience: [
          { type: 'org', id: orgA.id },
          { type: 'user', id: a1.id },
          { type: 'org', id: lateOrg.id },
        ],
      }),
    );
    const pub = await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] });
    expect(pub.json().data, pub.body).toEqual({ count: 1 });
    const expected = [a1.id, a2.id, a3.id].sort((x, y) => x - y);
    expect((await learnersOf(solo)).map((r) => r.userId)).toEqual(expected);
    expect((await learnersOf(other)).map((r) => r.userId)).toEqual(expected);
    expect((await learnersOf(solo)).find((r) => r.userId === a2.id)!.source).toBe('self');
    expect((await learnersOf(other)).every((r) => r.source === 'assignment')).toBe(true);
    const [kept] = await t.db
      .select({ progress: courseLearners.progress })
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, solo), eq(courseLearners.userId, a2.id)));
    expect(kept!.progress).toBe(40);
    // The new learners are counted in their people's totals in the same transaction.
    const [totals] = await t.db.select().from(learnerTotals).where(eq(learnerTotals.userId, a3.id));
    expect(totals).toMatchObject({ learning: 2, passed: 0 });

    // A published assignment cannot change or go; publishing twice is refused.
    expect((await call(t.app, admin, '/api/learn-assign/update', { ...draft(), id: a.id })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/learn-assign/delete', { ids: [a.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');

    // Unpublish, add a member to the organization, publish again: only the newcomer is added.
    expect((await call(t.app, admin, '/api/learn-assign/unpublish', { ids: [a.id] })).json().data).toEqual({ count: 1 });
    const late = await buildUser(t.db, { orgId: lateOrg.id, realname: 'Eve' });
    expect((await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] })).json().data).toEqual({ count: 1 });
    expect((await learnersOf(other)).map((r) => r.userId)).toEqual([...expected, late.id].sort((x, y) => x - y));
    const row = (await call(t.app, admin, '/api/learn-assign/get', { id: a.id })).json().data;
    expect(row).toMatchObject({ status: 'published', assigneeCount: 4 });
  });

  it('publishes to a large audience in one statement', async () => {
    const big = await buildOrg(t.db, { name: 'Big' });
    await t.db.execute(sql`insert into users (username, realname, kind, org_id, password_hash, status)
      select 'bulk-' || g, 'Bulk ' || g, 'employee', ${big.id}, 'x', 'normal' from generate_series(1, 5000) g`);
    const course = await buildCourse();
    const a = await create(admin, draft({ courses: [{ courseId: course, required: true }], audience: [{ type: 'org', id: big.id }] }));
    expect((await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] })).json().data).toEqual({ count: 1 });
    const [c] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseLearners)
      .where(eq(courseLearners.courseId, course));
    expect(c!.n).toBe(5000);
  });

  it('shows every assignee’s progress per course and overall, overdue people, filters and export', async () => {
    const c1 = await buildCourse('published', 'Fire drill');
    const c2 = await buildCourse('published', 'Team talk');
    const a = await create(
      admin,
      draft({
        title: 'Fire',
        courses: [
          { courseId: c1, required: true },
          { courseId: c2, required: false },
        ],
        audience: [{ type: 'org', id: orgA.id }],
      }),
    );
    await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] });
    // Ann passed the required course, Bob is half way, Cid did not start.
    const set = (userId: number, courseId: number, v: Partial<typeof courseLearners.$inferInsert>) =>
      t.db
        .update(courseLearners)
        .set(v)
        .where(and(eq(courseLearners.userId, userId), eq(courseLearners.courseId, courseId)));
    await set(a1.id, c1, { status: 'passed', progress: 100, learnedSeconds: 600, passedAt: new Date() });
    await set(a1.id, c2, { progress: 20, learnedSeconds: 60 });
    await set(a2.id, c1, { progress: 50, learnedSeconds: 300 });

    const page = (await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, sort: 'realname' })).json().data;
    expect(page).toMatchObject({ title: 'Fire', total: 3, expired: false, summary: { assignees: 3, done: 1, overdue: 0 } });
    expect(page.courses.map((c: { name: string }) => c.name)).toEqual(['Fire drill', 'Team talk']);
    const ann = page.records.find((r: { userId: number }) => r.userId === a1.id);
    expect(ann).toMatchObject({ realname: 'Ann', progress: 60, passedCount: 1, requiredPassed: 1, learnedSeconds: 660, done: true, overdue: false });
    expect(ann.courses).toEqual([
      { courseId: c1, progress: 100, status: 'passed', learnedSeconds: 600 },
      { courseId: c2, progress: 20, status: 'learning', learnedSeconds: 60 },
    ]);
    expect(page.records.find((r: { userId: number }) => r.userId === a2.id)).toMatchObject({ progress: 25, done: false, overdue: false });
    expect((await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, state: 'done' })).json().data.records.map((r: { userId: number }) => r.userId)).toEqual([
      a1.id,
    ]);
    expect((await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, state: 'overdue' })).json().data.total).toBe(0);
    expect((await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, orgId: orgA1.id })).json().data.total).toBe(2);
    expect((await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, keyword: 'Cid' })).json().data.records).toHaveLength(1);
    const second = (await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, size: 2, page: 2, sort: 'realname' })).json().data;
    expect(second).toMatchObject({ total: 3 });
    expect(second.records.map((r: { realname: string }) => r.realname)).toEqual(['Cid']);
    expect((await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, size: 2, page: 5 })).json().data).toMatchObject({ total: 3, records: [] });

    // The deadline passes: Bob and Cid are overdue.
    await t.db
      .update(learnAssignments)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(learnAssignments.id, a.id));
    const late = (await call(t.app, admin, '/api/learn-assign/progress', { id: a.id, state: 'overdue', sort: 'realname' })).json().data;
    expect(late).toMatchObject({ expired: true, total: 2, summary: { assignees: 3, done: 1, overdue: 2 } });
    expect(late.records.map((r: { realname: string; overdue: boolean }) => [r.realname, r.overdue])).toEqual([
      ['Bob', true],
      ['Cid', true],
    ]);

    // Export: headers in the reader's language, one row per assignee matching the filters.
    const res = await call(t.app, admin, '/api/learn-assign/progress/export', { id: a.id, sort: 'realname', lang: 'en-US', timeZone: 'America/Sao_Paulo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Assignment progress-Fire');
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 9)).toEqual([
      'Name',
      'Username',
      'Organization',
      'Progress (%)',
      'Courses passed',
      'Learning time',
      'Completed',
      'Overdue',
    ]);
    expect(sheet.getRow(1).getCell(9).value).toBe('Fire drill (Required) Progress (%)');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe('Ann');
    expect(sheet.getRow(2).getCell(6).value).toBe('0:11:00');
    expect(sheet.getRow(3).getCell(8).value).toBe('Yes');
    expect(sheet.getRow(3).getCell(9).value).toBe('50 · Learning');
    const zh = await call(t.app, admin, '/api/learn-assign/progress/export', { id: a.id, state: 'overdue' });
    const zhSheet = (await readBook(zh.rawPayload)).worksheets[0]!;
    expect(zhSheet.getRow(1).getCell(1).value).toBe('姓名');
    expect(zhSheet.rowCount).toBe(3);
  });

  it('keeps assignments to the data scope of their organization', async () => {
    const a = await create(admin, draft({ title: 'Scoped one' }));
    const outsider = await buildUser(t.db, { orgId: orgB.id, permissions: ALL, scopeOrgIds: [orgB.id] });
    const s = await login(t.app, outsider.username, outsider.password);
    expect((await call(t.app, s, '/api/learn-assign/list', { keyword: 'Scoped' })).json().data.total).toBe(0);
    for (const [url, body] of [
      ['/api/learn-assign/get', { id: a.id }],
      ['/api/learn-assign/progress', { id: a.id }],
      ['/api/learn-assign/progress/export', { id: a.id }],
      ['/api/learn-assign/publish', { ids: [a.id] }],
      ['/api/learn-assign/delete', { ids: [a.id] }],
      ['/api/learn-assign/update', { ...draft(), id: a.id, audience: [] }],
    ] as const) {
      const res = await call(t.app, s, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    }
    // Their own audience may only name what is in their scope (the replace prompt names the rest).
    const beyond = await call(t.app, s, '/api/learn-assign/insert', draft({ audience: [{ type: 'org', id: orgA.id }] }));
    expect(beyond.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'audience' });
    // The audience picker searches within their scope only.
    const found = (await call(t.app, s, '/api/audience/search', { type: 'org', keyword: 'Factory' })).json().data as { id: number }[];
    expect(found.map((o) => o.id)).toContain(orgB.id);
    expect((await call(t.app, s, '/api/audience/search', { type: 'org', keyword: 'Sales' })).json().data).toEqual([]);
    const own = await create(s, draft({ audience: [{ type: 'org', id: orgB.id }] }));
    expect((await call(t.app, s, '/api/learn-assign/list', {})).json().data.records.map((r: { id: number }) => r.id)).toEqual([own.id]);
    // Without the code the pages refuse at once.
    const plain = await buildUser(t.db, { orgId: orgA.id, permissions: ['xxzp'], scopeOrgIds: [(await rootOrg(t.db)).id] });
    const ps = await login(t.app, plain.username, plain.password);
    expect((await call(t.app, ps, '/api/learn-assign/insert', draft())).statusCode).toBe(403);
    expect((await call(t.app, ps, '/api/learn-assign/progress/export', { id: a.id })).statusCode).toBe(403);
    expect((await call(t.app, ps, '/api/learn-assign/get', { id: a.id })).json().data.abilities).toEqual({ modify: false, delete: false, publish: false, unpublish: false });
  });

  it('shows a scoped administrator the progress of assignees in their scope only (one who moved to another branch is left out)', async () => {
    const branchAdmin = await buildUser(t.db, { orgId: orgA.id, permissions: ALL, scopeOrgIds: [orgA.id] });
    const s = await login(t.app, branchAdmin.username, branchAdmin.password);
    const eve = await buildUser(t.db, { orgId: orgA1.id, realname: 'Eve' });
    const a = await create(s, draft({ title: 'Moved away' }));
    await ok(t.app, s, '/api/learn-assign/publish', { ids: [a.id] });
    // Eve was assigned in Sales North, then moved to the Factory.
    await t.db.execute(sql`update users set org_id = ${orgB.id} where id = ${eve.id}`);
    const all = (await call(t.app, admin, '/api/learn-assign/progress', { id: a.id })).json().data;
    expect(all.records.map((r: { userId: number }) => r.userId)).toContain(eve.id);
    const mine = (await call(t.app, s, '/api/learn-assign/progress', { id: a.id, size: 100 })).json().data;
    expect(mine.records.map((r: { userId: number }) => r.userId)).not.toContain(eve.id);
    expect(mine.total).toBe(all.total - 1);
    expect(mine.summary.assignees).toBe(all.summary.assignees - 1);
    const sheet = (await readBook((await call(t.app, s, '/api/learn-assign/progress/export', { id: a.id, lang: 'en-US' })).rawPayload)).worksheets[0]!;
    expect(sheet.rowCount).toBe(mine.total + 1);
    expect(sheet.getColumn(1).values).not.toContain('Eve');
  });

  it('edits and deletes drafts', async () => {
    const a = await create(admin, draft());
    const upd = await call(t.app, admin, '/api/learn-assign/update', { ...draft({ title: 'Renamed', courses: [{ courseId: elective, required: true }] }), id: a.id });
    expect(upd.json().data).toMatchObject({ title: 'Renamed', requiredCount: 1, electiveCount: 0 });
    expect((await call(t.app, admin, '/api/learn-assign/delete', { ids: [a.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/learn-assign/get', { id: a.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect(b1.id).toBeGreaterThan(0);
  });

  it('lists a student their own assignments due, with figures and the next required course, on the server clock', async () => {
    const org = await buildOrg(t.db, { name: 'Portal people' });
    const me = await newUserSession(t, { orgId: org.id, permissions: ['kc-pc'] });
    const other = await newUserSession(t, { orgId: orgB.id, permissions: ['kc-pc'] });
    const a = await create(admin, draft({ audience: [{ type: 'org', id: org.id }] }));
    const mine = () => ok<{ total: number; records: Record<string, unknown>[] }>(t.app, me, '/api/learn-assign/my', {});
    // A draft is nobody's assignment yet.
    expect((await mine()).total).toBe(0);
    expect((await call(t.app, admin, '/api/learn-assign/publish', { ids: [a.id] })).json().data).toEqual({ count: 1 });
    expect((await mine()).records).toEqual([
      expect.objectContaining({ id: a.id, requiredTotal: 1, requiredPassed: 0, done: false, overdue: false, nextCourseId: required, progress: 0 }),
    ]);
    expect((await ok<{ total: number }>(t.app, other, '/api/learn-assign/my', {})).total).toBe(0);
    // Overdue is judged on the server's clock.
    await t.db
      .update(learnAssignments)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(learnAssignments.id, a.id));
    expect((await mine()).records[0]).toMatchObject({ overdue: true });
    // Passing the required course makes it done: gone from the open list, shown in the full one.
    await t.db
      .update(courseLearners)
      .set({ status: 'passed', progress: 100 })
      .where(and(eq(courseLearners.courseId, required), eq(courseLearners.userId, me.id)));
    expect((await mine()).total).toBe(0);
    const all = await ok<{ records: Record<string, unknown>[] }>(t.app, me, '/api/learn-assign/my', { open: false });
    expect(all.records).toEqual([expect.objectContaining({ id: a.id, done: true, overdue: false, requiredPassed: 1, nextCourseId: null })]);
  });
});
