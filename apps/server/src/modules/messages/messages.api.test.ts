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
    expect(await sendMessage(t.db, { userIds: [aliceId, bobId, aliceId], title: 'Welcome', content: 'Hello', kind: 'system' })).toEqual({ count: 2 });
    await sendMessage(t.db, { userIds: [aliceId], title: 'Exam tomorrow', content: 'Be ready', kind: 'exam' });
    await sendMessage(t.db, { userIds: [aliceId], title: 'T'.repeat(300), content: 'C'.repeat(3000), kind: 'notice' });
    expect(await unread(alice)).toBe(3);
    expect(await unread(bob)).toBe(1);

    const list = await my(alice, { page: 1, size: 2 });
    expect(list.total).toBe(3);
    expect(list.records.map((r: { kind: string }) => r.kind)).toEqual(['notice', 'exam']);
    expect(list.records[0].title).toHaveLength(200);
    expect(list.records[0].content).toHaveLength(2000);
    expect(list.records[0]).toMatchObject({ read: false, readAt: null });

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

  it('needs a session and valid input', async () => {
    for (const url of ['/api/message/unread-count', '/api/message/my', '/api/message/read-all']) {
      expect((await call(t.app, null, url, {})).statusCode, url).toBe(401);
    }
    expect((await call(t.app, alice, '/api/message/read', { ids: ['x'] })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'ids.0' });
    expect((await call(t.app, alice, '/api/message/read', { ids: [] })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'ids' });
    expect((await call(t.app, alice, '/api/message/my', { read: 'yes' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'read' });
    expect((await call(t.app, alice, '/api/message/my', { size: 501 })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'size' });
  });
});
