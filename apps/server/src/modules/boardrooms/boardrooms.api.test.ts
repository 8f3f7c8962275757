import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { registerBoardroomUse } from './index.js';

const t = useTestApp();
let admin: Session;
const used = new Set<number>();
beforeAll(async () => {
  admin = await login(t.app);
  registerBoardroomUse(t.app, 'test-classes', { inUse: async (_db, ids) => ids.filter((id) => used.has(id)) });
});
let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ number: `R-${++n}`, name: `Room ${n}`, capacity: 10, ...extra });
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; name: string }>(t.app, s, '/api/boardroom/insert', body(extra));
/** An instant `hours` from now (server and test share the clock). */
const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const book = (s: Session, roomId: number, from: number, to: number, subject = 'Meeting') =>
  call(t.app, s, '/api/boardroom-booking/insert', { roomId, subject, startAt: at(from), endAt: at(to) });

describe('meeting rooms', () => {
  it('adds a room with number, name, position, facilities, capacity; lists, filters, sorts, edits it', async () => {
    const r = await create(admin, { number: 'A-101', name: 'Lotus', position: 'Floor 1', facilities: 'Projector', capacity: 30 });
    expect(r).toMatchObject({
      number: 'A-101',
      name: 'Lotus',
      position: 'Floor 1',
      facilities: 'Projector',
      capacity: 30,
      orgName: '总部',
      abilities: { modify: true, delete: true, book: true },
    });
    await create(admin, { name: 'Bamboo', capacity: 4 });
    const list = async (q: object) => (await call(t.app, admin, '/api/boardroom/list', { size: 500, ...q })).json().data.records.map((x: { name: string }) => x.name);
    expect(await list({ keyword: 'floor 1' })).toEqual(['Lotus']);
    const big = await list({ minCapacity: 20 });
    expect(big).toContain('Lotus');
    expect(big).not.toContain('Bamboo');
    const byCap = await list({ sort: '-capacity' });
    expect(byCap.indexOf('Lotus')).toBeLessThan(byCap.indexOf('Bamboo'));
    const edited = (await call(t.app, admin, '/api/boardroom/update', { id: r.id, capacity: 40, facilities: null })).json().data;
    expect(edited).toMatchObject({ capacity: 40, facilities: null, name: 'Lotus' });
  });

  it('names and numbers are unique; capacity is a positive integer', async () => {
    await create(admin, { number: 'U-1', name: 'Unique Room' });
    expect((await call(t.app, admin, '/api/boardroom/insert', body({ name: 'Unique Room' }))).json()).toMatchObject({ msg: 'DUPLICATE_MEETING_ROOM', field: 'name' });
    expect((await call(t.app, admin, '/api/boardroom/insert', body({ number: 'U-1' }))).json()).toMatchObject({ msg: 'DUPLICATE_MEETING_ROOM', field: 'number' });
    const bad: [Record<string, unknown>, string][] = [
      [body({ capacity: 0 }), 'capacity'],
      [body({ capacity: -3 }), 'capacity'],
      [body({ capacity: 2.5 }), 'capacity'],
      [body({ capacity: '10' }), 'capacity'],
      [body({ name: ' ' }), 'name'],
      [body({ number: '' }), 'number'],
      [body({ facilities: 'x'.repeat(501) }), 'facilities'],
    ];
    for (const [b, field] of bad) {
      const res = await call(t.app, admin, '/api/boardroom/insert', b);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });
});

describe('bookings', () => {
  it('books a room; an overlapping booking is refused, an adjacent one or another room is fine', async () => {
    const room = await create(admin);
    const other = await create(admin);
    const first = await book(admin, room.id, 2, 4, 'Kick-off');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ roomId: room.id, subject: 'Kick-off', abilities: { cancel: true } });
    for (const [from, to] of [
      [3, 5],
      [1, 3],
      [2.5, 3.5],
      [1, 6],
    ]) {
      const res = await book(admin, room.id, from!, to!);
      expect(res.statusCode, `${from}-${to}`).toBe(409);
      expect(res.json(), `${from}-${to}`).toMatchObject({ msg: 'MEETING_ROOM_BOOKED' });
    }
    // Touching ends do not overlap ([start, end) ranges).
    const s = first.json().data;
    const adjacent = await call(t.app, admin, '/api/boardroom-booking/insert', { roomId: room.id, subject: 'After', startAt: s.endAt, endAt: at(5) });
    expect(adjacent.statusCode).toBe(200);
    expect((await book(admin, other.id, 2, 4)).statusCode).toBe(200);
    const listed = (await call(t.app, admin, '/api/boardroom-booking/list', { roomId: room.id })).json().data;
    expect(listed.records.map((b: { subject: string }) => b.subject)).toEqual(['Kick-off', 'After']);
    const window = (await call(t.app, admin, '/api/boardroom-booking/list', { roomId: room.id, from: at(4.5), to: at(10) })).json().data;
    expect(window.records.map((b: { subject: string }) => b.subject)).toEqual(['After']);
  });

  it('parallel overlapping bookings of one room give exactly one winner', async () => {
    const room = await create(admin);
    const res = await Promise.all([0, 1, 2, 3, 4].map((i) => book(admin, room.id, 10 + i * 0.1, 12 + i * 0.1, `Race ${i}`)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(res.filter((r) => r.statusCode === 409).every((r) => r.json().msg === 'MEETING_ROOM_BOOKED')).toBe(true);
    expect((await call(t.app, admin, '/api/boardroom-booking/list', { roomId: room.id })).json().data.total).toBe(1);
  });

  it('the database itself refuses overlaps written around the service', async () => {
    const room = await create(admin);
    const insert = (from: number, to: number) =>
      t.db.execute(sql`insert into boardroom_bookings (room_id, subject, start_at, end_at) values (${room.id}, 'raw', ${at(from)}, ${at(to)})`);
    await insert(20, 22);
    await expect(insert(21, 23)).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('starts before it ends, not in the past by the server clock', async () => {
    const room = await create(admin);
    const backwards = await book(admin, room.id, 5, 4);
    expect(backwards.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'endAt' });
    expect((await book(admin, room.id, 5, 5)).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'endAt' });
    expect((await book(admin, room.id, -2, 1)).json()).toMatchObject({ msg: 'BOOKING_START_PASSED', field: 'startAt' });
    expect((await call(t.app, admin, '/api/boardroom-booking/insert', { roomId: room.id, subject: 'x', startAt: 'tomorrow', endAt: at(3) })).json()).toMatchObject({
      msg: 'PARAMETER_INVALID',
      field: 'startAt',
    });
    expect((await book(admin, 99999999, 1, 2)).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'roomId' });
  });

  it('cancels bookings not yet started; a started one stays', async () => {
    const room = await create(admin);
    const b = (await book(admin, room.id, 30, 31)).json().data;
    expect((await call(t.app, admin, '/api/boardroom-booking/delete', { ids: [b.id] })).json().data).toEqual({ count: 1 });
    expect((await book(admin, room.id, 30, 31)).statusCode).toBe(200);
    const [started] = (
      await t.db.execute<{ id: number }>(
        sql`insert into boardroom_bookings (room_id, subject, start_at, end_at) values (${room.id}, 'now', now() - interval '1 hour', now() + interval '1 hour') returning id`,
      )
    ).rows;
    const listed = (await call(t.app, admin, '/api/boardroom-booking/list', { roomId: room.id })).json().data.records;
    expect(listed.find((x: { id: number }) => x.id === started!.id).abilities).toEqual({ cancel: false });
    expect((await call(t.app, admin, '/api/boardroom-booking/delete', { ids: [started!.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
  });

  it('a room with a coming booking, or in use by a registered module, is not deleted; its past bookings go with it', async () => {
    const room = await create(admin);
    const b = (await book(admin, room.id, 40, 41)).json().data;
    expect((await call(t.app, admin, '/api/boardroom/get', { id: room.id })).json().data.abilities.delete).toBe(false);
    expect((await call(t.app, admin, '/api/boardroom/delete', { ids: [room.id] })).json()).toMatchObject({ msg: 'IN_USE_MEETING_ROOM', data: { ids: [room.id] } });
    await call(t.app, admin, '/api/boardroom-booking/delete', { ids: [b.id] });
    await t.db.execute(
      sql`insert into boardroom_bookings (room_id, subject, start_at, end_at) values (${room.id}, 'past', now() - interval '3 hour', now() - interval '2 hour')`,
    );
    used.add(room.id);
    expect((await call(t.app, admin, '/api/boardroom/delete', { ids: [room.id] })).json().msg).toBe('IN_USE_MEETING_ROOM');
    used.delete(room.id);
    expect((await call(t.app, admin, '/api/boardroom/delete', { ids: [room.id] })).json().data).toEqual({ count: 1 });
    expect((await t.db.execute(sql`select 1 from boardroom_bookings where room_id = ${room.id}`)).rows).toHaveLength(0);
  });
});

describe('meeting room authorization and data scope', () => {
  it('needs ssgl codes and keeps rooms and bookings to the organization subtree', async () => {
    const room = await create(admin);
    const bk = (await book(admin, room.id, 50, 51)).json().data;
    const anyone = await buildUser(t.db, { permissions: ['kc-pc'] });
    const as = await login(t.app, anyone.username, anyone.password);
    const reader = await buildUser(t.db, { permissions: ['ssgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await call(t.app, null, '/api/boardroom/list', {})).statusCode).toBe(401);
    for (const [url, payload] of [
      ['/api/boardroom/list', {}],
      ['/api/boardroom/get', { id: room.id }],
      ['/api/boardroom-booking/list', { roomId: room.id }],
    ] as const)
      expect((await call(t.app, as, url, payload)).statusCode, url).toBe(403);
    expect((await call(t.app, rs, '/api/boardroom/get', { id: room.id })).json().data.abilities).toEqual({ modify: false, delete: false, book: false });
    expect((await call(t.app, rs, '/api/boardroom-booking/list', { roomId: room.id })).json().data.records[0].abilities).toEqual({ cancel: false });
    const writes: [string, () => object, string][] = [
      ['/api/boardroom/insert', () => body(), 'ssgl:add'],
      ['/api/boardroom/update', () => ({ id: room.id, position: 'x' }), 'ssgl:modify'],
      ['/api/boardroom-booking/insert', () => ({ roomId: room.id, subject: 's', startAt: at(60 + n), endAt: at(60.5 + n++) }), 'ssgl:modify'],
      ['/api/boardroom-booking/delete', () => ({ ids: [bk.id] }), 'ssgl:modify'],
      ['/api/boardroom/delete', () => ({ ids: [room.id] }), 'ssgl:delete'],
    ];
    for (const [url, payload, code] of writes) {
      expect((await call(t.app, rs, url, payload())).statusCode, url).toBe(403);
      const u = await buildUser(t.db, { permissions: ['ssgl', code] });
      const us = await login(t.app, u.username, u.password);
      const res = await call(t.app, us, url, payload());
      if (url === '/api/boardroom/delete') expect(res.json().msg, url).toBe('IN_USE_MEETING_ROOM');
      else expect(res.statusCode, `${url} with ${code}`).toBe(200);
    }

    const east = await buildOrg(t.db, { name: 'Room East' });
    const west = await buildOrg(t.db, { name: 'Room West' });
    const all = ['ssgl', 'ssgl:add', 'ssgl:modify', 'ssgl:delete'];
    const eu = await buildUser(t.db, { orgId: east.id, permissions: all });
    const wu = await buildUser(t.db, { orgId: west.id, permissions: all });
    const es = await login(t.app, eu.username, eu.password);
    const ws = await login(t.app, wu.username, wu.password);
    const e = await create(es, { name: 'East Room' });
    const eb = (await book(es, e.id, 70, 71)).json().data;
    const names = async (s: Session) => (await call(t.app, s, '/api/boardroom/list', { size: 500 })).json().data.records.map((r: { name: string }) => r.name);
    expect(await names(es)).toContain('East Room');
    expect(await names(ws)).not.toContain('East Room');
    for (const [url, payload] of [
      ['/api/boardroom/get', { id: e.id }],
      ['/api/boardroom/update', { id: e.id, position: 'x' }],
      ['/api/boardroom/delete', { ids: [e.id] }],
      ['/api/boardroom-booking/list', { roomId: e.id }],
      ['/api/boardroom-booking/insert', { roomId: e.id, subject: 's', startAt: at(80), endAt: at(81) }],
      ['/api/boardroom-booking/delete', { ids: [eb.id] }],
    ] as const)
      expect((await call(t.app, ws, url, payload)).json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
  });
});
