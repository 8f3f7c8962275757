import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp, login, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, type BuildUser } from '../../test/factories.js';
import { feedback, feedbackReplies } from './feedback.schema.js';

const t = useTestApp();
let admin: Session;
let orgA: Awaited<ReturnType<typeof buildOrg>>;
let orgB: Awaited<ReturnType<typeof buildOrg>>;
let author: Session; // a student in org A
let stranger: Session; // a student in org B
let managerB: Session; // yjfk + modify + export, data scope org B only
let fbA: number;

const sessionWith = (opts: BuildUser) => newUserSession(t, opts);

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: 'Feedback A' });
  orgB = await buildOrg(t.db, { name: 'Feedback B' });
  author = await sessionWith({ orgId: orgA.id, permissions: ['kc-pc'], realname: '张三' });
  stranger = await sessionWith({ orgId: orgB.id, permissions: ['kc-pc'] });
  managerB = await sessionWith({ orgId: orgB.id, scopeOrgIds: [orgB.id], permissions: ['yjfk', 'yjfk:modify', 'yjfk:export'] });
});
describe('feedback', () => {
  it('lets any signed-in user add feedback, and not anonymous callers', async () => {
    const res = await call(t.app, author, '/api/feedback/addfeedback', { content: '  视频播放卡顿  ', contact: '13800000000' });
    expect(res.statusCode).toBe(200);
    fbA = res.json().data.id;
    expect((await call(t.app, null, '/api/feedback/addfeedback', { content: 'x' })).statusCode).toBe(401);
    await call(t.app, stranger, '/api/feedback/addfeedback', { content: 'B 部门的意见' });
    const mine = (await call(t.app, author, '/api/feedback/mine', {})).json().data;
    expect(mine.records).toEqual([expect.objectContaining({ id: fbA, content: '视频播放卡顿', contact: '13800000000', replied: false, replyCount: 0 })]);
  });

  it('validates the content', async () => {
    const before = (await t.db.select().from(feedback)).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ content: '' }, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: 'x'.repeat(2001) }, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: 'ok', contact: 'c'.repeat(101) }, 'contact'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, author, '/api/feedback/addfeedback', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await t.db.select().from(feedback)).length).toBe(before);
    expect((await call(t.app, author, '/api/feedback/addfeedback', { content: 'x'.repeat(2000) })).statusCode).toBe(200);
  });

  it('lists with filters for administrators', async () => {
    const all = (await call(t.app, admin, '/api/feedback/getall', { page: 1, size: 50 })).json().data;
    expect(all.total).toBe(3);
    const byKeyword = (await call(t.app, admin, '/api/feedback/getall', { keyword: '卡顿' })).json().data;
    expect(byKeyword.records.map((r: { id: number }) => r.id)).toEqual([fbA]);
    const byName = (await call(t.app, admin, '/api/feedback/getall', { keyword: '张三' })).json().data;
    expect(byName.total).toBe(2);
    expect((await call(t.app, admin, '/api/feedback/getall', { replied: true })).json().data.total).toBe(0);
    expect((await call(t.app, admin, '/api/feedback/getall', { replied: 'maybe' })).statusCode).toBe(400);
  });

  it('replies, marks as replied and shows the replies to the author', async () => {
    const res = await call(t.app, admin, '/api/feedback/reply', { id: fbA, content: '已修复，请刷新' });
    expect(res.statusCode).toBe(200);
    await call(t.app, admin, '/api/feedback/reply', { id: fbA, content: '第二次回复' });
    const replied = (await call(t.app, admin, '/api/feedback/getall', { replied: true })).json().data;
    expect(replied.records).toEqual([expect.objectContaining({ id: fbA, replied: true, replyCount: 2 })]);
    const replies = (await call(t.app, author, `/api/feedback/getreplys/${fbA}`)).json().data;
    expect(replies.map((r: { content: string; username: string }) => [r.content, r.username])).toEqual([
      ['已修复，请刷新', 'admin'],
      ['第二次回复', 'admin'],
    ]);
    expect((await call(t.app, author, `/api/feedback/getbyid/${fbA}`)).json().data).toMatchObject({ id: fbA, replied: true });
  });

  it('keeps other users and administrators outside the scope away', async () => {
    for (const url of [`/api/feedback/getbyid/${fbA}`, `/api/feedback/getreplys/${fbA}`]) {
      const res = await call(t.app, stranger, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
      expect((await call(t.app, managerB, url)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    }
    const replies = (await t.db.select().from(feedbackReplies)).length;
    const refused = await call(t.app, managerB, '/api/feedback/reply', { id: fbA, content: 'not mine' });
    expect(refused.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await t.db.select().from(feedbackReplies)).length).toBe(replies);
    // Manager B's list holds only org B's feedback.
    const list = (await call(t.app, managerB, '/api/feedback/getall', {})).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0].content).toBe('B 部门的意见');
  });

  it('answers unknown ids and bad replies', async () => {
    expect((await call(t.app, admin, '/api/feedback/getbyid/999999')).statusCode).toBe(404);
    expect((await call(t.app, admin, '/api/feedback/getreplys/0')).statusCode).toBe(400);
    expect((await call(t.app, admin, '/api/feedback/reply', { id: 999999, content: 'x' })).json().msg).toBe('NOT_FOUND_ERROR');
    const tooLong = await call(t.app, admin, '/api/feedback/reply', { id: fbA, content: 'x'.repeat(2001) });
    expect(tooLong.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'content' });
  });

  it('exports the filtered list as xlsx with a UTF-8 file name', async () => {
    const res = await call(t.app, admin, '/api/feedback/exportexcel', { replied: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E6%84%8F%E8%A7%81%E5%8F%8D%E9%A6%88-\d{8}-\d{4}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(4).value).toBe('反馈内容');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(4).value).toBe('视频播放卡顿');
    expect(ws.getRow(2).getCell(6).value).toBe('是');
    // Paging keys are not filters: refused rather than silently ignored.
    expect((await call(t.app, admin, '/api/feedback/exportexcel', { page: 1 })).statusCode).toBe(400);
  });

  it('enforces the permission codes', async () => {
    const reader = await sessionWith({ permissions: ['yjfk'] });
    const cases = [
      { url: '/api/feedback/getall', body: {}, code: 'yjfk' },
      { url: '/api/feedback/reply', body: { id: fbA, content: 'r' }, code: 'yjfk:modify' },
      { url: '/api/feedback/exportexcel', body: {}, code: 'yjfk:export' },
    ];
    for (const c of cases) {
      expect((await call(t.app, null, c.url, c.body)).statusCode).toBe(401);
      expect((await call(t.app, author, c.url, c.body)).statusCode, c.url).toBe(403);
      expect((await call(t.app, reader, c.url, c.body)).statusCode, c.url).toBe(c.code === 'yjfk' ? 200 : 403);
      const holder = await sessionWith({ permissions: [c.code] });
      expect((await call(t.app, holder, c.url, c.body)).statusCode, c.url).toBe(200);
    }
    // An administrator with the read code (root scope) sees any feedback.
    expect((await call(t.app, reader, `/api/feedback/getbyid/${fbA}`)).statusCode).toBe(200);
  });
});
