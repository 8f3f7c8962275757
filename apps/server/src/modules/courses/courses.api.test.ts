import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CourseComment, CourseCommentRow, CourseDetail, CourseRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, refusal, uploaded, newUserSession, MINIMAL_PDF as pdf, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';
import { courses, coursesVisibleTo, getCourseOutline } from './index.js';

const t = useTestApp();
let admin: Session;
// 1×1 PNG
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  admin = await login(t.app);
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);

const upload = async (s: Session, filename: string, data: Buffer, kind: string, purpose: string) => (await uploaded(t.app, s, { filename, data, kind, purpose })).url;
const courseware = async (s: Session = admin) =>
  (await ok(t.app, s, '/api/courseware/insert', { name: `Doc ${uniq()}`, type: 'general', file: await upload(s, 'doc.pdf', pdf, 'courseware', 'courseware') })).id as number;
const insert = async (body: Record<string, unknown> = {}, s: Session = admin) =>
  (await ok(t.app, s, '/api/course/insert', { name: `Course ${uniq()}`, passProgress: 100, ...body })).id as number;
const detail = (id: number, s: Session = admin) => ok(t.app, s, '/api/course/get', { id }) as Promise<CourseDetail>;
const list = async (q: Record<string, unknown> = {}, s: Session = admin) =>
  (await ok(t.app, s, '/api/course/list', { size: 100, ...q })) as { records: CourseRow[]; total: number };
/** A course with one chapter of courseware, ready to publish. */
async function buildable(body: Record<string, unknown> = {}, s: Session = admin) {
  const id = await insert(body, s);
  await ok(t.app, s, '/api/course/chapters', { id, chapters: [{ name: 'Chapter 1', coursewareIds: [await courseware()] }] });
  return id;
}
const session = (permissions: string[], orgId?: number) => newUserSession(t, { permissions, orgId });
const future = (days = 30) => new Date(Date.now() + days * 86400_000).toISOString();
const learnt = (courseId: number, userId: number) => t.db.execute(sql`insert into course_learners (course_id, user_id) values (${courseId}, ${userId})`);

describe('course classification', () => {
  it('keeps 5 levels with unique sibling names; a class holding courses or sub-classes stays', async () => {
    const levels = [(await ok(t.app, admin, '/api/course-classify/insert', { name: `K-${uniq()}` })).id as number];
    for (let i = 2; i <= 5; i++) levels.push((await ok(t.app, admin, '/api/course-classify/insert', { name: `L${i}`, parentId: levels.at(-1) })).id);
    expect(await refusal(t.app, admin, '/api/course-classify/insert', { name: 'L6', parentId: levels.at(-1) })).toMatchObject({ code: 'TREE_DEPTH_EXCEEDED' });
    expect(await refusal(t.app, admin, '/api/course-classify/insert', { name: 'L2', parentId: levels[0] })).toMatchObject({ code: 'DUPLICATE_COURSE_CLASS', field: 'name' });

    const leaf = levels.at(-1)!;
    const id = await insert({ categoryId: leaf });
    expect((await refusal(t.app, admin, '/api/course-classify/delete', { id: leaf })).code).toBe('IN_USE_CLASSIFICATION');
    expect((await refusal(t.app, admin, '/api/course-classify/delete', { id: levels[0] })).code).toBe('IN_USE_SUBCLASS');
    // The list filtered on a class shows its sub-classes' courses.
    expect((await list({ categoryId: levels[0] })).records.map((r) => r.id)).toEqual([id]);
    await ok(t.app, admin, '/api/course/delete', { ids: [id] });
    await ok(t.app, admin, '/api/course-classify/delete', { id: leaf });
    const tree = (await ok(t.app, admin, '/api/course-classify/tree')) as { id: number }[];
    expect(tree.some((n) => n.id === levels[0])).toBe(true);
  });
});

describe('course builder', () => {
  it('saves the basic information and shows it back', async () => {
    const cover = await upload(admin, 'cover.png', png, 'cover', 'cover');
    const [lecturer] = (
      await t.db.execute<{ id: number }>(
        sql`insert into lecturers (realname, username, kind, org_id) values ('Ann', ${`lec${uniq()}`}, 'internal', ${(await rootOrg(t.db)).id}) returning id`,
      )
    ).rows;
    const until = future();
    // Shown back as saved.
    const kept = {
      name: '安全生产',
      cover,
      labels: ['安全', '入职'],
      credit: 12,
      required: true,
      passProgress: 80,
      passScore: 60,
      antiCheat: true,
      antiCheatInterval: 300,
      antiSkip: true,
    };
    const id = await insert({
      ...kept,
      lecturerIds: [lecturer!.id],
      validUntil: until,
      intro: '<p onclick="x()">Hello <b>world</b><script>alert(1)</script><img src="javascript:alert(1)"></p>',
    });
    const d = await detail(id);
    expect(d).toMatchObject({ ...kept, lecturers: [{ id: lecturer!.id, name: 'Ann' }], status: 'draft', approval: 'none' });
    expect(new Date(d.validUntil!).getTime()).toBe(new Date(until).getTime());
    expect(d.coverUrl).toMatch(/^\/api\/upload\/public\//);
    // The intro is sanitized on the server: no script, no handler, no javascript: URL.
    expect(d.intro).toContain('<b>world</b>');
    expect(d.intro).not.toMatch(/script|onclick|javascript/);
    expect(d.abilities).toMatchObject({ modify: true, delete: true, publish: true, submit: false });
  });

  it('refuses what the rules of §5 refuse, on the server too', async () => {
    const name = `Dup ${uniq()}`;
    await insert({ name });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name })).toMatchObject({ code: 'DUPLICATE_COURSE', field: 'name' });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: 'x'.repeat(201) })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'name' });
    expect(await refusal(t.app, admin, '/api/course/insert', { name: uniq(), passProgress: 100, credit: 100 })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'credit' });
    // The pass conditions: the progress value is required, both percentages are 1 to 100.
    expect(await refusal(t.app, admin, '/api/course/insert', { name: uniq() })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'passProgress' });
    for (const passProgress of [0, 101, null, 50.5])
      expect(await refusal(t.app, admin, '/api/course/insert', { name: uniq(), passProgress })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'passProgress' });
    for (const passScore of [0, 101, 1.5])
      expect(await refusal(t.app, admin, '/api/course/insert', { name: uniq(), passProgress: 80, passScore })).toMatchObject({
        code: 'PARAMETER_INVALID',
        field: 'passScore',
      });
    const kept = await insert({ passProgress: 1, passScore: 100 });
    expect(await refusal(t.app, admin, '/api/course/update', { id: kept, passProgress: 0 })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'passProgress' });
    expect(await refusal(t.app, admin, '/api/course/update', { id: kept, passProgress: null })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'passProgress' });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), credit: 1.5 })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'credit' });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), labels: ['a', 'b', 'c', 'd', 'e', 'f'] })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'labels',
    });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), labels: ['x'.repeat(11)] })).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), lecturerIds: [1, 2, 3, 4] })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'lecturerIds',
    });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), lecturerIds: [99999999] })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), intro: 'x'.repeat(10001) })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'intro',
    });
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), validUntil: new Date(Date.now() - 60_000).toISOString() })).toMatchObject({
      code: 'TIME_BEFORE_NOW',
      field: 'validUntil',
    });
    // Anti-cheat without an interval of its own takes the parameter page's interval; a zero interval is refused.
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), antiCheat: true, antiCheatInterval: 0 })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'antiCheatInterval',
    });
    expect(await insert({ antiCheat: true })).toBeGreaterThan(0);
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), categoryId: 99999999 })).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      field: 'categoryId',
    });
    // A cover must be the caller's own image upload.
    const notImage = await upload(admin, 'a.pdf', pdf, 'courseware', 'courseware');
    expect(await refusal(t.app, admin, '/api/course/insert', { passProgress: 100, name: uniq(), cover: notImage })).toMatchObject({ field: 'cover' });
  });

  it('builds chapters: required, names unique in the course, each with courseware, reordered and kept', async () => {
    const id = await insert();
    const [a, b, c] = [await courseware(), await courseware(), await courseware()];
    expect(await refusal(t.app, admin, '/api/course/chapters', { id, chapters: [] })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'chapters' });
    expect(await refusal(t.app, admin, '/api/course/chapters', { id, chapters: [{ name: 'One', coursewareIds: [] }] })).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(
      await refusal(t.app, admin, '/api/course/chapters', {
        id,
        chapters: [
          { name: 'One', coursewareIds: [a] },
          { name: 'One', coursewareIds: [b] },
        ],
      }),
    ).toMatchObject({ code: 'DUPLICATE_CHAPTER', field: 'chapters' });
    expect(await refusal(t.app, admin, '/api/course/chapters', { id, chapters: [{ name: 'x'.repeat(201), coursewareIds: [a] }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
    });
    expect(await refusal(t.app, admin, '/api/course/chapters', { id, chapters: [{ name: 'One', coursewareIds: [99999999] }] })).toMatchObject({ code: 'NOT_FOUND_ERROR' });

    await ok(t.app, admin, '/api/course/chapters', {
      id,
      chapters: [
        { name: 'One', coursewareIds: [a, b] },
        { name: 'Two', coursewareIds: [c] },
      ],
    });
    const first = (await detail(id)).chapters;
    expect(first.map((ch) => [ch.name, ch.items.map((i) => i.coursewareId)])).toEqual([
      ['One', [a, b]],
      ['Two', [c]],
    ]);
    // Drag to reorder: chapters and courseware change places, items that stay keep their ids.
    await ok(t.app, admin, '/api/course/chapters', {
      id,
      chapters: [
        { name: 'Two', coursewareIds: [c] },
        { name: 'One', coursewareIds: [b, a] },
      ],
    });
    const second = (await detail(id)).chapters;
    expect(second.map((ch) => [ch.name, ch.items.map((i) => i.coursewareId)])).toEqual([
      ['Two', [c]],
      ['One', [b, a]],
    ]);
    expect(second[1]!.items.find((i) => i.coursewareId === a)!.id).toBe(first[0]!.items.find((i) => i.coursewareId === a)!.id);
    // Courseware in a course cannot be deleted.
    expect(await refusal(t.app, admin, '/api/courseware/delete', { ids: [a] })).toMatchObject({ code: 'IN_USE_COURSEWARE' });
    expect((await list({ keyword: (await detail(id)).name })).records[0]!.chapterCount).toBe(2);
  });

  it('sets an organization audience, and refuses targets beyond the caller’s data scope', async () => {
    const east = await buildOrg(t.db, { name: `CA-East-${uniq()}` });
    const west = await buildOrg(t.db, { name: `CA-West-${uniq()}` });
    const id = await insert({ audience: [{ type: 'org', id: east.id }] });
    expect((await detail(id)).audience).toEqual([{ type: 'org', id: east.id, name: east.name }]);
    const manager = await session(['kcgl', 'kcgl:add', 'kcgl:modify'], east.id);
    const beyond = await refusal(t.app, manager, '/api/course/insert', { passProgress: 100, name: uniq(), audience: [{ type: 'org', id: west.id }] });
    expect(beyond).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'audience' });
  });
});

describe('course lifecycle', () => {
  it('publishes a complete course; a published course cannot change; unpublish, edit, publish again, off shelf for good', async () => {
    const empty = await insert();
    expect(await refusal(t.app, admin, '/api/course/publish', { ids: [empty] })).toMatchObject({ code: 'CONTENT_INCOMPLETE', data: { ids: [empty] } });

    const id = await buildable({ validUntil: future() });
    expect((await ok(t.app, admin, '/api/course/publish', { ids: [id] })).count).toBe(1);
    const published = await detail(id);
    expect(published).toMatchObject({ status: 'published', abilities: { modify: false, publish: false, unpublish: true, offShelf: true, delete: false } });
    expect(published.publishedAt).not.toBeNull();
    expect(await refusal(t.app, admin, '/api/course/update', { id, name: 'Changed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID', field: 'status' });
    expect(await refusal(t.app, admin, '/api/course/chapters', { id, chapters: [{ name: 'X', coursewareIds: [await courseware()] }] })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
    });
    expect(await refusal(t.app, admin, '/api/course/delete', { ids: [id] })).toMatchObject({ code: 'IN_USE_COURSE' });

    await ok(t.app, admin, '/api/course/unpublish', { ids: [id] });
    await ok(t.app, admin, '/api/course/update', { id, credit: 5 });
    expect((await detail(id)).credit).toBe(5);
    await ok(t.app, admin, '/api/course/publish', { ids: [id] });
    await ok(t.app, admin, '/api/course/off-shelf', { ids: [id] });
    expect((await detail(id)).status).toBe('offshelf');
    expect(await refusal(t.app, admin, '/api/course/publish', { ids: [id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, admin, '/api/course/update', { id, credit: 6 })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
  });

  it('refuses to publish a course whose validity has passed', async () => {
    const id = await buildable({ validUntil: future() });
    await t.db.execute(sql`update courses set valid_until = now() - interval '1 day' where id = ${id}`);
    expect(await refusal(t.app, admin, '/api/course/publish', { ids: [id] })).toMatchObject({ code: 'COURSE_EXPIRED', data: { ids: [id] } });
  });

  it('of two concurrent publishes, one wins', async () => {
    const id = await buildable();
    const answers = await Promise.all([post('/api/course/publish', { ids: [id] }), post('/api/course/publish', { ids: [id] })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('deletes only drafts nobody learnt', async () => {
    const fresh = await insert();
    const studied = await insert();
    const u = await buildUser(t.db);
    await learnt(studied, u.id);
    expect((await list({ keyword: (await detail(studied)).name })).records[0]!.abilities.delete).toBe(false);
    expect(await refusal(t.app, admin, '/api/course/delete', { ids: [fresh, studied] })).toMatchObject({ code: 'IN_USE_COURSE', data: { ids: [studied] } });
    expect((await ok(t.app, admin, '/api/course/delete', { ids: [fresh] })).count).toBe(1);
    expect((await refusal(t.app, admin, '/api/course/get', { id: fresh })).code).toBe('NOT_FOUND_ERROR');
  });

  it('lists with filters and keeps to the data scope', async () => {
    const org = await buildOrg(t.db, { name: `CS-${uniq()}` });
    const manager = await session(['kcgl', 'kcgl:add', 'kcgl:modify', 'kcgl:publish'], org.id);
    const label = uniq().slice(0, 6);
    const mine = await buildable({ required: true, labels: [label] }, manager);
    const elective = await insert({ labels: [label] }, manager);
    await ok(t.app, manager, '/api/course/publish', { ids: [mine] });
    const byManager = await list({ label }, manager);
    expect(byManager.records.map((r) => r.id).sort()).toEqual([mine, elective].sort());
    expect((await list({ label, required: true }, manager)).records.map((r) => r.id)).toEqual([mine]);
    expect((await list({ label, status: 'draft' }, manager)).records.map((r) => r.id)).toEqual([elective]);
    // The manager sees nothing outside the organization subtree; administrators' courses stay hidden.
    const other = await insert({ labels: [label] });
    expect((await list({ label }, manager)).records.map((r) => r.id)).not.toContain(other);
    expect((await refusal(t.app, manager, '/api/course/get', { id: other })).code).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await refusal(t.app, manager, '/api/course/publish', { ids: [other] })).code).toBe('NO_DATA_PERMISSION_ERROR');
    // No publish code: the ability is false and the route refuses.
    const reader = await session(['kcgl'], org.id);
    expect((await list({ label }, reader)).records.every((r) => !r.abilities.publish && !r.abilities.modify)).toBe(true);
    expect((await post('/api/course/publish', { ids: [elective] }, reader)).statusCode).toBe(403);
  });

  it('exports the list to Excel with its filters, scope and order, in the reader’s language', async () => {
    const org = await buildOrg(t.db, { name: `CX-${uniq()}` });
    const manager = await session(['kcgl', 'kcgl:add', 'kcgl:modify', 'kcgl:publish', 'kcgl:export'], org.id);
    const label = uniq().slice(0, 6);
    const a = await buildable({ name: `A ${label}`, required: true, labels: [label], credit: 3 }, manager);
    await insert({ name: `B ${label}`, labels: [label] }, manager);
    await insert({ name: `C ${label}`, labels: [label] }); // the administrator's: beyond the manager's scope
    await ok(t.app, manager, '/api/course/publish', { ids: [a] });

    const res = await post('/api/course/export', { label, sort: 'name', lang: 'en-US', timeZone: 'Asia/Shanghai' }, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Courses');
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 7)).toEqual(['Course', 'Category', 'Required/elective', 'Credits', 'Labels', 'Status']);
    expect(sheet.rowCount).toBe(3);
    expect([2, 3].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([`A ${label}`, `B ${label}`]);
    expect([2, 3].map((r) => sheet.getRow(r).getCell(6).value)).toEqual(['Published', 'Draft']);
    expect(sheet.getRow(2).getCell(3).value).toBe('Required');
    expect(sheet.getRow(2).getCell(4).value).toBe(3);

    // The list's filters apply; the default language is Chinese.
    const drafts = await post('/api/course/export', { label, status: 'draft' }, manager);
    const zh = (await readBook(drafts.rawPayload)).worksheets[0]!;
    expect(zh.getRow(1).getCell(1).value).toBe('课程');
    expect(zh.rowCount).toBe(2);
    expect(zh.getRow(2).getCell(6).value).toBe('草稿');
    // The export code is needed; the list's page size is not an export parameter.
    const reader = await session(['kcgl'], org.id);
    expect((await post('/api/course/export', { label }, reader)).statusCode).toBe(403);
    expect((await refusal(t.app, manager, '/api/course/export', { label, page: 1 })).code).toBe('PARAMETER_INVALID');
  });
});

describe('course approval', () => {
  it('a lecturer submits, an approver refuses with a reason, the lecturer edits and resubmits, the approver approves, then it can be published', async () => {
    const lecturer = await session(['kcgl', 'kcgl:add', 'kcgl:modify']);
    const approver = await session(['kcsp', 'kcsp:approve', 'kcgl', 'kcgl:publish']);
    const id = await buildable({}, lecturer);
    const row = (await list({ keyword: (await detail(id, lecturer)).name }, lecturer)).records[0]!;
    expect(row.abilities).toMatchObject({ submit: true, publish: false, approve: false });
    expect((await post('/api/course/publish', { ids: [id] }, lecturer)).statusCode).toBe(403);

    await ok(t.app, lecturer, '/api/course/submit', { ids: [id] });
    expect((await detail(id, lecturer)).approval).toBe('pending');
    // Pending: neither editable nor publishable.
    expect(await refusal(t.app, lecturer, '/api/course/update', { id, credit: 3 })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, approver, '/api/course/publish', { ids: [id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID', field: 'approval' });

    const pending = (await ok(t.app, approver, '/api/course-approval/list', { size: 100 })) as { records: CourseRow[] };
    expect(pending.records.find((r) => r.id === id)?.abilities).toMatchObject({ approve: true, refuse: true });
    expect(await refusal(t.app, approver, '/api/course-approval/refuse', { ids: [id], reason: '' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'reason' });
    await ok(t.app, approver, '/api/course-approval/refuse', { ids: [id], reason: 'Add a summary' });
    expect(await detail(id, lecturer)).toMatchObject({ approval: 'refused', approvalReason: 'Add a summary' });
    expect((await post('/api/course-approval/approve', { ids: [id] }, lecturer)).statusCode).toBe(403);

    await ok(t.app, lecturer, '/api/course/update', { id, intro: '<p>Summary</p>' });
    await ok(t.app, lecturer, '/api/course/submit', { ids: [id] });
    await ok(t.app, approver, '/api/course-approval/approve', { ids: [id] });
    expect(await refusal(t.app, approver, '/api/course-approval/approve', { ids: [id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    await ok(t.app, approver, '/api/course/publish', { ids: [id] });
    expect(await detail(id, lecturer)).toMatchObject({ status: 'published', approval: 'approved' });
  });
});

describe('the approve code of the course list (kcgl:approve)', () => {
  it('lets a course manager holding it approve and refuse submitted courses from the course list; without it the buttons and calls are refused', async () => {
    const lecturer = await session(['kcgl', 'kcgl:add', 'kcgl:modify']);
    const manager = await session(['kcgl', 'kcgl:approve']);
    const reader = await session(['kcgl']);
    const [a, b] = [await buildable({}, lecturer), await buildable({}, lecturer)];
    await ok(t.app, lecturer, '/api/course/submit', { ids: [a, b] });
    const name = (await detail(a, lecturer)).name;
    expect((await list({ keyword: name }, manager)).records[0]!.abilities).toMatchObject({ approve: true, refuse: true });
    expect((await list({ keyword: name }, reader)).records[0]!.abilities).toMatchObject({ approve: false, refuse: false });
    expect((await post('/api/course-approval/approve', { ids: [a] }, reader)).statusCode).toBe(403);
    await ok(t.app, manager, '/api/course-approval/approve', { ids: [a] });
    await ok(t.app, manager, '/api/course-approval/refuse', { ids: [b], reason: 'Too short' });
    expect(await detail(a, lecturer)).toMatchObject({ approval: 'approved' });
    expect(await detail(b, lecturer)).toMatchObject({ approval: 'refused' });
  });
});

describe('course comments', () => {
  it('learners in the audience post and read visible comments; managers shield and restore', async () => {
    const org = await buildOrg(t.db, { name: `CC-${uniq()}` });
    const id = await buildable({ audience: [{ type: 'org', id: org.id }] });
    const studentUser = await buildUser(t.db, { orgId: org.id, permissions: ['kc-pc'] });
    const student = await login(t.app, studentUser.username, studentUser.password);
    const outsiderUser = await buildUser(t.db, { permissions: ['kc-pc'], orgId: (await buildOrg(t.db, { name: `CO-${uniq()}` })).id });
    const outsider = await login(t.app, outsiderUser.username, outsiderUser.password);

    // Not published yet: nobody sees it.
    expect(await refusal(t.app, student, '/api/course-comment/post', { courseId: id, content: 'Early' })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    await ok(t.app, admin, '/api/course/publish', { ids: [id] });
    expect(await refusal(t.app, student, '/api/course-comment/post', { courseId: id, content: 'x'.repeat(501) })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'content',
    });
    expect(await refusal(t.app, student, '/api/course-comment/post', { courseId: id, content: 'Hi', rating: 6 })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'rating',
    });
    const good = (await ok(t.app, student, '/api/course-comment/post', { courseId: id, content: 'Very useful', rating: 5 })).id as number;
    const rude = (await ok(t.app, student, '/api/course-comment/post', { courseId: id, content: 'Rude words' })).id as number;
    expect(await refusal(t.app, outsider, '/api/course-comment/post', { courseId: id, content: 'Me too' })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    expect(await refusal(t.app, outsider, '/api/course-comment/list', { courseId: id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });

    const seen = (await ok(t.app, student, '/api/course-comment/list', { courseId: id })) as { records: CourseComment[]; total: number };
    expect(seen.records.map((c) => c.id)).toEqual([rude, good]);
    expect(seen.records[1]).toMatchObject({ content: 'Very useful', rating: 5, mine: true, userName: studentUser.realname });

    const managed = (await ok(t.app, admin, '/api/course-comment/manage/list', { courseId: id })) as { records: CourseCommentRow[] };
    expect(managed.records.find((c) => c.id === rude)!.abilities).toMatchObject({ shield: true, restore: false });
    await ok(t.app, admin, '/api/course-comment/manage/shield', { ids: [rude] });
    expect(await refusal(t.app, admin, '/api/course-comment/manage/shield', { ids: [rude] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(((await ok(t.app, student, '/api/course-comment/list', { courseId: id })) as { records: CourseComment[] }).records.map((c) => c.id)).toEqual([good]);
    expect(
      ((await ok(t.app, admin, '/api/course-comment/manage/list', { courseId: id, status: 'shielded' })) as { records: CourseCommentRow[] }).records.map((c) => c.id),
    ).toEqual([rude]);
    await ok(t.app, admin, '/api/course-comment/manage/restore', { ids: [rude] });
    expect(((await ok(t.app, student, '/api/course-comment/list', { courseId: id })) as { total: number }).total).toBe(2);
    // Students cannot moderate.
    expect((await post('/api/course-comment/manage/shield', { ids: [good] }, student)).statusCode).toBe(403);
  });
});

describe('what other modules read', () => {
  it('coursesVisibleTo: published, valid and in the audience; the outline lists chapters with courseware; learners read its files', async () => {
    const org = await buildOrg(t.db, { name: `CV-${uniq()}` });
    const inside = await buildUser(t.db, { orgId: org.id, permissions: ['kc-pc'] });
    const outside = await buildUser(t.db, { permissions: ['kc-pc'] });
    const id = await buildable({ audience: [{ type: 'org', id: org.id }], validUntil: future() });
    const visible = async (userId: number) =>
      (
        await t.db
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.id, id), coursesVisibleTo(userId)))
      ).length === 1;
    expect(await visible(inside.id)).toBe(false); // a draft
    await ok(t.app, admin, '/api/course/publish', { ids: [id] });
    expect(await visible(inside.id)).toBe(true);
    expect(await visible(outside.id)).toBe(false);

    const outline = await getCourseOutline(t.db, id);
    expect(outline).toEqual([
      { id: expect.any(Number), name: 'Chapter 1', items: [expect.objectContaining({ type: 'general', scormPackageId: null, fileId: expect.any(String) })] },
    ]);
    // The courseware's file: readable once someone of the audience learns the course, never by someone outside it.
    const file = `/api/upload/file/${outline[0]!.items[0]!.fileId}`;
    const student = await login(t.app, inside.username, inside.password);
    const stranger = await login(t.app, outside.username, outside.password);
    expect((await t.app.inject({ method: 'GET', url: file, headers: student.headers() })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(t.app, student, '/api/learning/course/start', { id })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: file, headers: student.headers() })).statusCode).toBe(200);
    expect((await call(t.app, stranger, '/api/learning/course/start', { id })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: file, headers: stranger.headers() })).statusCode).toBeGreaterThanOrEqual(400);

    await t.db.execute(sql`update courses set valid_until = now() - interval '1 minute' where id = ${id}`);
    expect(await visible(inside.id)).toBe(false);
  });
});
