import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { useTestApp, login, postLogin, call, newUserSession, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { operationLogs } from './audit.schema.js';

const t = useTestApp();
let admin: Session;
let alice: { username: string; password: string; id: number };

beforeAll(async () => {
  admin = await login(t.app);
  alice = await buildUser(t.db, { username: `alice-${Date.now()}`, permissions: ['kc-pc'] });
  await login(t.app, alice.username, alice.password);
  await postLogin(t.app, alice.username, 'wrong-password');
  await postLogin(t.app, 'nobody-here', 'whatever');
  await call(t.app, admin, '/api/app-version/insert', { version: '1.0.0', description: 'd', terminal: 'pc', platform: 'manage' });
  await call(t.app, admin, '/api/settings/params/save', { bad: true });
  // The hook writes each row before the answer leaves: both are there once the calls returned.
  expect((await t.db.select().from(operationLogs)).length).toBeGreaterThanOrEqual(2);
});
const sessionWith = (permissions: string[]) => newUserSession(t, { permissions });

describe('login log report', () => {
  it('lists newest first with every login, successful or not', async () => {
    const res = await call(t.app, admin, '/api/report/login-log', { page: 1, size: 50 });
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data;
    expect(total).toBe(4);
    expect(records.map((r: { username: string; result: string }) => [r.username, r.result])).toEqual([
      ['nobody-here', 'LOGIN_ERROR_NOT_MATCH'],
      [alice.username, 'LOGIN_ERROR_NOT_MATCH'],
      [alice.username, 'OK'],
      ['admin', 'OK'],
    ]);
    const asc = (await call(t.app, admin, '/api/report/login-log', { sort: 'createdAt' })).json().data.records;
    expect(asc[0].username).toBe('admin');
  });

  it('filters by user-name prefix (any case), result, outcome and time', async () => {
    const prefix = (await call(t.app, admin, '/api/report/login-log', { username: 'ALICE-' })).json().data;
    expect(prefix.total).toBe(2);
    const failed = (await call(t.app, admin, '/api/report/login-log', { outcome: 'failure' })).json().data;
    expect(failed.records.every((r: { result: string }) => r.result !== 'OK')).toBe(true);
    expect(failed.total).toBe(2);
    const ok = (await call(t.app, admin, '/api/report/login-log', { result: 'OK', username: 'alice' })).json().data;
    expect(ok.total).toBe(1);
    const future = (await call(t.app, admin, '/api/report/login-log', { from: new Date(Date.now() + 60_000).toISOString() })).json().data;
    expect(future.total).toBe(0);
    const past = (await call(t.app, admin, '/api/report/login-log', { to: new Date(Date.now() + 60_000).toISOString() })).json().data;
    expect(past.total).toBe(4);
    // `%` and `_` are literal characters, not wildcards.
    expect((await call(t.app, admin, '/api/report/login-log', { username: '%' })).json().data.total).toBe(0);
  });

  it('refuses bad filters', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ from: 'yesterday' }, 'from'],
      [{ result: 'ok; drop table' }, 'result'],
      [{ outcome: 'maybe' }, 'outcome'],
      [{ username: 'u'.repeat(201) }, 'username'],
      [{ size: 501 }, 'size'],
      [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'to'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, admin, '/api/report/login-log', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });

  it('exports the filtered rows as xlsx with a UTF-8 file name', async () => {
    const res = await call(t.app, admin, '/api/report/login-log/export', { username: 'alice' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"; filename\*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97-/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('登录日志');
    expect(ws.rowCount).toBe(3);
    expect([ws.getRow(2).getCell(2).value, ws.getRow(3).getCell(2).value]).toEqual([alice.username, alice.username]);
    expect((await call(t.app, admin, '/api/report/login-log/export', { page: 2 })).statusCode).toBe(400);
  });
});

describe('operation log report', () => {
  it('lists changing calls and filters by operation prefix and user', async () => {
    const all = (await call(t.app, admin, '/api/report/operation-log', { username: 'admin' })).json().data;
    const ops = all.records.map((r: { operation: string }) => r.operation);
    expect(ops).toEqual(expect.arrayContaining(['app-version.insert', 'settings.params.save']));
    const refused = all.records.find((r: { operation: string }) => r.operation === 'settings.params.save');
    expect(refused).toMatchObject({ status: 400, resultCode: 1001, method: 'POST', path: '/api/settings/params/save' });
    const byPrefix = (await call(t.app, admin, '/api/report/operation-log', { operation: 'app-version.' })).json().data;
    expect(byPrefix.records.map((r: { operation: string }) => r.operation)).toEqual(['app-version.insert']);
    expect((await call(t.app, admin, '/api/report/operation-log', { username: alice.username })).json().data.total).toBe(0);
  });

  it('exports as xlsx', async () => {
    const res = await call(t.app, admin, '/api/report/operation-log/export', { operation: 'app-version.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(2).getCell(3).value).toBe('app-version.insert');
  });

  it('enforces rzgl and rzgl:export', async () => {
    const reader = await sessionWith(['rzgl']);
    const exporter = await sessionWith(['rzgl:export']);
    const none = await sessionWith(['yjfk']);
    for (const url of ['/api/report/login-log', '/api/report/operation-log']) {
      expect((await call(t.app, null, url, {})).statusCode).toBe(401);
      expect((await call(t.app, none, url, {})).statusCode).toBe(403);
      expect((await call(t.app, reader, url, {})).statusCode).toBe(200);
      expect((await call(t.app, reader, `${url}/export`, {})).statusCode).toBe(403);
      expect((await call(t.app, exporter, `${url}/export`, {})).statusCode).toBe(200);
    }
  });
});

describe('indexes', () => {
  it('serves the user-name prefix and operation prefix filters from indexes', async () => {
    await t.db.execute(sql`insert into login_logs (username, result, created_at)
      select 'bulk-' || g, case when g % 3 = 0 then 'OK' else 'LOGIN_ERROR_NOT_MATCH' end, now() - (g || ' seconds')::interval
        from generate_series(1, 20000) g`);
    await t.db.execute(sql`insert into operation_logs (operation, method, path, status, username, created_at)
      select 'bulk.op' || (g % 50), 'POST', '/x', 200, 'bulk-' || g, now() - (g || ' seconds')::interval from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze login_logs`);
    await t.db.execute(sql`analyze operation_logs`);
    const plan = async (q: ReturnType<typeof sql>) => (await t.db.execute<{ 'QUERY PLAN': string }>(q)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(await plan(sql`explain select * from login_logs where lower(username) like ${'bulk-1234%'} order by created_at desc limit 20`)).toContain(
      'login_logs_username_idx',
    );
    expect(
      await plan(sql`explain select * from operation_logs where operation like ${'bulk.op7%'} and created_at > now() - interval '1 minute' order by created_at desc limit 20`),
    ).toMatch(/operation_logs_(operation|created)_idx/);
    const page = (await call(t.app, admin, '/api/report/login-log', { username: 'bulk-1234', size: 5 })).json().data;
    expect(page.total).toBe(11); // bulk-1234 and bulk-12340 … bulk-12349
  });
});
