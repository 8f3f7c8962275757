import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { messages } from './messages.schema.js';
import { sendMessage } from './messages.service.js';

const t = useTestApp();
let alice: Session;
let bob: Session;
let aliceId: number;
let bobId: number;
beforeAll(async () => {
  const a = await buildUser(t.db, { permissions: ['kc-pc'] });
  const b = await buildUser(t.db, { permissions: ['kc-pc'] });
  aliceId = a.id;
  bobId = b.id;
  alice = await login(t.app, a.username, a.password);
  bob = await login(t.app, b.username, b.password);
});
const unread = async (s: Session) => (await call(t.app, s, '/api/message/unread-count')).json().data;
const my = async (s: Session, body: Record<string, unknown> = {}) => (await call(t.app, s, '/api/message/my', body)).json().data;

describe('messages', () => {
  it("delivers, counts, lists, reads and deletes only the caller's own messages", async () => {
    expect(await sendMessage(t.db, { to: [aliceId, bobId, aliceId], title: 'Welcome', content: 'Hello', kind: 'system' })).toEqual({ count: 2 });
    await sendMessage(t.db, { to: [aliceId], title: 'Exam tomorrow', content: 'Be ready', kind: 'exam' });
    await sendMessage(t.db, { to: [aliceId], title: 'T'.repeat(300), content: 'C'.repeat(3000), kind: 'notice' });
    expect(await unread(alice)).toBe(3);
    expect(await unread(bob)).toBe(1);

    const list = await my(alice, { page: 1, size: 2 });
    expect(list.total).toBe(3);
    expect(list.records.map((r: { kind: string }) => r.kind)).toEqual(['notice', 'exam']);
    expect(list.records[0].title).toHaveLength(200);
    expect(list.records[0].content).toHaveLength(2000);
    expect(list.records[0]).toMatchObject({ read: false, readAt: null, template: null, params: {} });

    const [bobMsg] = (await my(bob)).records;
    const examId = list.records[1].id;
    const stolen = await call(t.app, alice, '/api/message/read', { ids: [examId, bobMsg.id] });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect(await unread(alice)).toBe(3);
    expect(await unread(bob)).toBe(1);
    expect((await call(t.app, alice, '/api/message/read', { ids: [999999] })).json().msg).toBe('NOT_FOUND_ERROR');

    expect((await call(t.app, alice, '/api/message/read', { ids: [examId, examId] })).json().data).toEqual({ count: 1 });
    expect(await unread(alice)).toBe(2);
    const read = await my(alice, { read: true });
    expect(read.records.map((r: { id: number }) => r.id)).toEqual([examId]);
    expect(read.records[0].readAt).toBeTruthy();
    expect((await my(alice, { read: false })).total).toBe(2);

    expect((await call(t.app, alice, '/api/message/read-all')).json().data).toEqual({ count: 2 });
    expect(await unread(alice)).toBe(0);
    expect(await unread(bob)).toBe(1);

    const del = await call(t.app, alice, '/api/message/delete', { ids: [bobMsg.id] });
    expect(del.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect(await t.db.select().from(messages).where(eq(messages.id, bobMsg.id))).toHaveLength(1);
    expect((await call(t.app, alice, '/api/message/delete', { ids: [examId] })).json().data).toEqual({ count: 1 });
    expect((await my(alice)).total).toBe(2);
  });

  it('filters by kind and date, reads one by id and keeps others out', async () => {
    const c = await buildUser(t.db, { permissions: ['kc-pc'] });
    const carol = await login(t.app, c.username, c.password);
    await sendMessage(t.db, { to: [c.id], title: 'Old exam', content: 'x', kind: 'exam' });
    await t.db
      .update(messages)
      .set({ createdAt: new Date('2020-01-10T10:00:00Z') })
      .where(eq(messages.userId, c.id));
    await sendMessage(t.db, { to: [c.id], title: 'New exam', content: 'y', kind: 'exam' });
    await sendMessage(t.db, { to: [c.id], template: 'noticeReleased', params: { title: 'Safety week' } });

    const exams = await my(carol, { kind: 'exam' });
    expect(exams.records.map((r: { title: string }) => r.title)).toEqual(['New exam', 'Old exam']);
    const jan = await my(carol, { from: '2020-01-01T00:00:00+08:00', to: '2020-02-01T00:00:00+08:00' });
    expect(jan.records.map((r: { title: string }) => r.title)).toEqual(['Old exam']);
    expect((await my(carol, { kind: 'notice', from: '2020-01-01T00:00:00Z' })).records).toEqual([
      expect.objectContaining({ kind: 'notice', template: 'noticeReleased', params: { title: 'Safety week' }, title: 'New notice: Safety week' }),
    ]);

    const newest = (await my(carol)).records[0];
    const opened = await call(t.app, carol, '/api/message/get', { id: newest.id });
    expect(opened.json().data).toMatchObject({ id: newest.id, read: true });
    expect(await unread(carol)).toBe(2);
    const foreign = await call(t.app, alice, '/api/message/get', { id: newest.id });
    expect(foreign.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, carol, '/api/message/get', { id: 999999 })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('does not send the kinds a user muted; account messages always arrive', async () => {
    const d = await buildUser(t.db, { permissions: ['kc-pc'] });
    const dave = await login(t.app, d.username, d.password);
    expect((await call(t.app, dave, '/api/message/config')).json().data).toEqual({ muted: [] });
    const saved = await call(t.app, dave, '/api/message/config/save', { muted: ['notice', 'exam', 'notice'] });
    expect(saved.json().data).toEqual({ muted: ['notice', 'exam'] });
    expect((await call(t.app, dave, '/api/message/config')).json().data).toEqual({ muted: ['notice', 'exam'] });
    expect((await call(t.app, dave, '/api/message/config/save', { muted: ['account'] })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'muted.0' });

    expect(await sendMessage(t.db, { to: [d.id, aliceId], template: 'noticeReleased', params: { title: 'N' } })).toEqual({ count: 1 });
    await sendMessage(t.db, { to: [d.id], title: 'Exam', content: 'x', kind: 'exam' });
    await sendMessage(t.db, { to: [d.id], title: 'Course', content: 'x', kind: 'course' });
    await sendMessage(t.db, { to: [d.id], template: 'passwordReset' });
    expect((await my(dave)).records.map((r: { kind: string }) => r.kind)).toEqual(['account', 'course']);
    await call(t.app, dave, '/api/message/config/save', { muted: [] });
    await sendMessage(t.db, { to: [d.id], title: 'Exam', content: 'x', kind: 'exam' });
    expect((await my(dave, { kind: 'exam' })).total).toBe(1);
  });

  it('needs a session and valid input', async () => {
    for (const url of ['/api/message/unread-count', '/api/message/my', '/api/message/read-all']) {
      expect((await call(t.app, null, url, {})).statusCode, url).toBe(401);
    }
    expect((await call(t.app, alice, '/api/message/read', { ids: ['x'] })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'ids.0' });
    expect((await call(t.app, alice, '/api/message/read', { ids: [] })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'ids' });
    expect((await call(t.app, alice, '/api/message/my', { read: 'yes' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'read' });
    expect((await call(t.app, alice, '/api/message/my', { size: 501 })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'size' });
    expect((await call(t.app, alice, '/api/message/my', { kind: 'weather' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'kind' });
    expect((await call(t.app, alice, '/api/message/my', { from: 'yesterday' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'from' });
    expect((await call(t.app, null, '/api/message/config', {})).statusCode).toBe(401);
  });
});
