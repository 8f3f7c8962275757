import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { filledTemplate, millionRowBomb, readBook, uploadFile } from '../../test/excel.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';
import { yuanToFen } from './lecturers.import.js';

const t = useTestApp();
let admin: Session;
let org: { id: number; name: string };
let levelName: string;
let levelId: number;
beforeAll(async () => {
  admin = await login(t.app);
  org = await buildOrg(t.db, { name: `讲师部-${crypto.randomBytes(3).toString('hex')}` });
  levelName = `金牌${crypto.randomBytes(2).toString('hex')}`;
  [{ id: levelId }] = (await t.db.insert(teacherLevels).values({ name: levelName }).returning({ id: teacherLevels.id })) as [{ id: number }];
});
const tag = () => crypto.randomBytes(3).toString('hex');

const upload = (s: Session, url: string, filename: string, data: Buffer, fields: Record<string, string> = {}) => uploadFile(t.app, s, url, filename, data, fields);

const filled = (rows: (string | number | null)[][]) => filledTemplate(t.app, admin, '/api/teacher/template', rows);

type Cols = 'realname' | 'email' | 'kind' | 'org' | 'unit' | 'title' | 'level' | 'fee' | 'intro';
const row = (username: string, extra: Partial<Record<Cols, string | number | null>> = {}) => [
  extra.realname ?? '王讲师',
  username,
  extra.email === undefined ? `${username}@example.com` : extra.email,
  extra.kind ?? '外部',
  extra.org === undefined ? org.name : extra.org,
  extra.unit ?? '某大学',
  extra.title ?? '教授',
  extra.level === undefined ? levelName : extra.level,
  extra.fee === undefined ? '800.5' : extra.fee,
  extra.intro ?? '简介',
];
const ident = (p: string) => `${p}${tag()}`.slice(0, 20);

describe('template', () => {
  it('downloads an xlsx with the lecturer header and a UTF-8 file name', async () => {
    const res = await call(t.app, admin, '/api/teacher/template', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('讲师导入模板.xlsx')}`);
    const wb = await readBook(res.rawPayload);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '姓名*',
      '讲师账号*',
      '邮箱',
      '类型(内部/外部)*',
      '所属组织*',
      '单位',
      '职称',
      '讲师级别',
      '课酬(元/次)',
      '简介',
    ]);
  });
});

describe('import', () => {
  it('check reports every bad row with its reason and writes nothing; the error file carries the reasons', async () => {
    const existing = ident('exist');
    expect((await call(t.app, admin, '/api/teacher/insert', { realname: '已有', username: existing, kind: 'external', orgId: org.id })).statusCode).toBe(200);
    const ok1 = ident('okone');
    const ok2 = ident('oktwo');
    const file = await filled([
      row(ok1), // 2: good
      row(ident('rn'), { realname: '' }), // 3: real name empty
      row(ident('rl'), { realname: '长'.repeat(31) }), // 4: real name over 30
      row('abc12'), // 5: identifier under 6
      row('abc-def-1'), // 6: identifier not letters/digits
      row(ok1.toUpperCase()), // 7: duplicate in the file (case-insensitive)
      row(existing), // 8: duplicate with an existing lecturer
      row(ident('em'), { email: 'not-an-email' }), // 9: e-mail invalid
      row(ident('em2'), { email: `${'x'.repeat(195)}@example.com` }), // 10: e-mail over 200
      row(ident('kd'), { kind: '兼职' }), // 11: unknown type
      row(ident('og'), { org: '不存在的组织' }), // 12: organization missing
      row(ident('ut'), { unit: 'u'.repeat(201) }), // 13: unit over 200
      row(ident('tt'), { title: 't'.repeat(51) }), // 14: title over 50
      row(ident('lv'), { level: '无此级别' }), // 15: unknown level
      row(ident('fa'), { fee: '-1' }), // 16: negative fee
      row(ident('fb'), { fee: '12.345' }), // 17: three decimals
      row(ident('in'), { intro: 'i'.repeat(2001) }), // 18: introduction over 2000
      row(ok2, { kind: '内部', email: null, level: null, fee: 120, org: org.name }), // 19: good, fee typed as a number
      row('', { realname: '' }), // 20: two reasons in one row
    ]);
    const res = await upload(admin, '/api/teacher/import?mode=check', 'lecturers.xlsx', file);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 19, valid: 2, invalid: 17, imported: 0 });
    const has = (r: number, field: string, reason: string) => expect(data.errors, `${r} ${field} ${reason}`).toContainEqual({ row: r, field, reason });
    has(3, 'realname', 'REQUIRED');
    has(4, 'realname', 'TOO_LONG');
    has(5, 'username', 'TOO_SHORT');
    has(6, 'username', 'INVALID_FORMAT');
    has(7, 'username', 'DUPLICATE_IN_FILE');
    has(8, 'username', 'DUPLICATE_EXISTING');
    has(9, 'email', 'INVALID_FORMAT');
    has(10, 'email', 'TOO_LONG');
    has(11, 'kind', 'INVALID_FORMAT');
    has(12, 'org', 'ORG_NOT_FOUND');
    has(13, 'unit', 'TOO_LONG');
    has(14, 'title', 'TOO_LONG');
    has(15, 'level', 'LEVEL_NOT_FOUND');
    has(16, 'fee', 'INVALID_FORMAT');
    has(17, 'fee', 'INVALID_FORMAT');
    has(18, 'introduction', 'TOO_LONG');
    has(20, 'realname', 'REQUIRED');
    has(20, 'username', 'REQUIRED');
    expect(data.errors.filter((e: { row: number }) => e.row === 2 || e.row === 19)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(lecturers)
        .where(inArray(lecturers.username, [ok1, ok2])),
    ).toHaveLength(0);

    const err = await call(t.app, admin, '/api/teacher/import/errors', { id: data.errorFileId });
    expect(err.statusCode).toBe(200);
    const ws = (await readBook(err.rawPayload)).worksheets[0]!;
    expect(ws.getRow(1).getCell(11).value).toBe('错误原因');
    expect(ws.actualRowCount).toBe(18);
    expect(String(ws.getRow(4).getCell(2).value)).toBe('abc12');
    expect(String(ws.getRow(4).getCell(11).value)).toContain('讲师账号');
    expect(String(ws.getRow(11).getCell(11).value)).toContain('组织不存在');
    // The error file belongs to the user who ran the check.
    const other = await buildUser(t.db, { permissions: ['jsgl', 'jsgl:import'] });
    const so = await login(t.app, other.username, other.password);
    expect((await call(t.app, so, '/api/teacher/import/errors', { id: data.errorFileId })).statusCode).toBe(404);
  });

  it('commit is refused with bad rows unless skipInvalid, then writes only the good rows', async () => {
    const [a, b, c] = [ident('ca'), ident('cb'), ident('cc')];
    const file = await filled([row(a, { fee: '800.5' }), row(b, { kind: '' }), row(c, { kind: 'internal', level: null, fee: null, email: '' })]);
    const refused = await upload(admin, '/api/teacher/import', 'l.xlsx', file, { mode: 'commit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: 'EXCEL_FORMAT_ERROR', data: { valid: 2, invalid: 1, errors: [{ row: 3, field: 'kind', reason: 'REQUIRED' }] } });
    expect(
      await t.db
        .select()
        .from(lecturers)
        .where(inArray(lecturers.username, [a, b, c])),
    ).toHaveLength(0);

    const done = await upload(admin, '/api/teacher/import', 'l.xlsx', file, { mode: 'commit', skipInvalid: 'true' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ total: 3, valid: 2, invalid: 1, imported: 2 });
    const rows = await t.db
      .select()
      .from(lecturers)
      .where(inArray(lecturers.username, [a, b, c]));
    expect(rows.map((r) => r.username).sort()).toEqual([a, c].sort());
    expect(rows.find((r) => r.username === a)).toMatchObject({
      kind: 'external',
      orgId: org.id,
      levelId,
      feeFen: 80_050,
      unit: '某大学',
      title: '教授',
      email: `${a}@example.com`,
      status: 'normal',
    });
    expect(rows.find((r) => r.username === c)).toMatchObject({ kind: 'internal', levelId: null, feeFen: 0, email: null, userId: null });
    // The same file again: all its identifiers are now taken.
    const again = await upload(admin, '/api/teacher/import?mode=check', 'l.xlsx', file);
    expect(again.json().data).toMatchObject({ valid: 0, invalid: 3 });
  });

  it('a file with only good rows commits without skipInvalid; the organization may be given by code', async () => {
    const code = `C${tag()}`;
    await t.db.execute(sql`update organizations set code = ${code} where id = ${org.id}`);
    const u = ident('bycode');
    const res = await upload(admin, '/api/teacher/import?mode=commit', 'l.xlsx', await filled([row(u, { org: code })]));
    expect(res.json().data).toMatchObject({ total: 1, invalid: 0, imported: 1, errorFileId: null });
    expect((await call(t.app, admin, '/api/teacher/list', { keyword: u })).json().data.records[0]).toMatchObject({ orgId: org.id, feeFen: 80_050 });
  });

  it('links an internal lecturer to the employee account of the same user name, once', async () => {
    const account = await buildUser(t.db, { username: ident('Acct') });
    const external = ident('ext');
    await buildUser(t.db, { username: external });
    const res = await upload(
      admin,
      '/api/teacher/import?mode=commit',
      'l.xlsx',
      await filled([row(account.username.toLowerCase(), { kind: '内部' }), row(external, { kind: '外部' })]),
    );
    expect(res.json().data).toMatchObject({ imported: 2, invalid: 0 });
    const rows = await t.db
      .select()
      .from(lecturers)
      .where(inArray(lecturers.username, [account.username.toLowerCase(), external]));
    expect(rows.find((r) => r.kind === 'internal')).toMatchObject({ userId: account.id });
    expect(rows.find((r) => r.kind === 'external')).toMatchObject({ userId: null });

    // The account is a lecturer now: another internal row for it is a row error.
    await t.db
      .update(lecturers)
      .set({ username: ident('renamed') })
      .where(inArray(lecturers.userId, [account.id]));
    const again = await upload(admin, '/api/teacher/import?mode=check', 'l.xlsx', await filled([row(account.username, { kind: '内部' })]));
    expect(again.json().data).toMatchObject({ valid: 0, invalid: 1 });
    expect(again.json().data.errors).toEqual([{ row: 2, field: 'username', reason: 'USER_ALREADY_LECTURER' }]);
  });

  it('rows naming an organization outside the caller’s data scope are row errors', async () => {
    const east = await buildOrg(t.db, { name: `东区-${tag()}` });
    const west = await buildOrg(t.db, { name: `西区-${tag()}` });
    const mgr = await buildUser(t.db, { orgId: east.id, permissions: ['jsgl', 'jsgl:import'], scopeOrgIds: [east.id] });
    const s = await login(t.app, mgr.username, mgr.password);
    const [e, w] = [ident('east'), ident('west')];
    const file = await filled([row(e, { org: east.name }), row(w, { org: west.name })]);
    const res = await upload(s, '/api/teacher/import?mode=commit&skipInvalid=true', 'l.xlsx', file);
    expect(res.json().data).toMatchObject({ valid: 1, invalid: 1, imported: 1, errors: [{ row: 3, field: 'org', reason: 'ORG_NOT_FOUND' }] });
    const rows = await t.db
      .select()
      .from(lecturers)
      .where(inArray(lecturers.username, [e, w]));
    expect(rows.map((r) => r.username)).toEqual([e]);
  });

  it('refuses wrong files: suffix, format, template, empty, too large', async () => {
    const good = await filled([row(ident('f'))]);
    const expectErr = async (res: Awaited<ReturnType<typeof upload>>, msg: string, status = 400) => {
      expect(res.json().msg).toBe(msg);
      expect(res.statusCode).toBe(status);
    };
    await expectErr(await upload(admin, '/api/teacher/import', 'l.xls', good), 'EXCEL_SUFFIX_ERROR');
    await expectErr(await upload(admin, '/api/teacher/import', 'l.xlsx', Buffer.from('not excel at all')), 'EXCEL_FORMAT_ERROR');
    // The user template is not the lecturer template.
    const userTemplate = (await call(t.app, admin, '/api/user/template', {})).rawPayload;
    await expectErr(await upload(admin, '/api/teacher/import', 'l.xlsx', userTemplate), 'EXCEL_TEMPLATE_ERROR');
    await expectErr(await upload(admin, '/api/teacher/import', 'l.xlsx', await filled([])), 'EXCEL_EMPTY');
    await expectErr(await upload(admin, '/api/teacher/import', 'l.xlsx', Buffer.concat([good, crypto.randomBytes(10 * 1024 * 1024)])), 'FILE_TOO_LARGE', 413);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/teacher/import', payload: {}, headers: admin.headers() });
    expect(noFile.json().msg).toBe('PARAMETER_INVALID');
  });

  it('shares the hardened reader: a decompression bomb is refused, a formula without a cached value is empty', async () => {
    const bomb = await upload(admin, '/api/teacher/import', 'l.xlsx', millionRowBomb());
    expect(bomb.json().msg).toBe('FILE_TOO_LARGE');
    expect(bomb.statusCode).toBe(413);

    const wb = await readBook((await call(t.app, admin, '/api/teacher/template', {})).rawPayload);
    const ws = wb.worksheets[0]!;
    ws.addRow(row(ident('fx')));
    ws.getCell('A2').value = { formula: 'CONCATENATE("王","讲师")' }; // never calculated
    ws.getCell('C2').value = { text: 'fx@example.com', hyperlink: 'mailto:fx@example.com' };
    const res = await upload(admin, '/api/teacher/import?mode=check', 'l.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, invalid: 1, errors: [{ row: 2, field: 'realname', reason: 'REQUIRED' }] });
  });

  it('converts yuan to fen on the digits', () => {
    expect([yuanToFen('0'), yuanToFen('0.1'), yuanToFen('12.34'), yuanToFen('999999.99'), yuanToFen('19.9')]).toEqual([0, 10, 1234, 99_999_999, 1990]);
  });
});

describe('export', () => {
  it('exports the filtered lecturers in the caller’s scope; the file reads back with exceljs', async () => {
    const a = await buildOrg(t.db, { name: `导出A-${tag()}` });
    const b = await buildOrg(t.db, { name: `导出B-${tag()}` });
    const p = tag();
    const inA = `expa${p}`;
    for (const [username, orgId, kind] of [
      [inA, a.id, 'internal'],
      [`expb${p}`, b.id, 'external'],
      [`expc${p}`, a.id, 'external'],
    ] as const) {
      expect((await call(t.app, admin, '/api/teacher/insert', { realname: '导出', username, kind, orgId, feeFen: 12_345, levelId, unit: '单位' })).statusCode).toBe(200);
    }
    const mgr = await buildUser(t.db, { orgId: a.id, permissions: ['jsgl', 'jsgl:export'], scopeOrgIds: [a.id] });
    const s = await login(t.app, mgr.username, mgr.password);
    const res = await call(t.app, s, '/api/teacher/export', { keyword: `exp`, kind: 'internal' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('讲师列表.xlsx')}`);
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 2)).toEqual(['姓名*']);
    expect((ws.getRow(1).values as unknown[]).slice(11)).toEqual(['状态', '认证', '创建时间']);
    expect(ws.actualRowCount).toBe(2);
    const r = ws.getRow(2);
    expect([r.getCell(2).value, r.getCell(4).value, r.getCell(5).value, r.getCell(8).value, r.getCell(9).value, r.getCell(11).value]).toEqual([
      inA,
      '内部',
      a.name,
      levelName,
      '123.45',
      '正常',
    ]);

    // The admin sees all three; the file can be imported back (same template columns) and reports them as existing.
    const all = await call(t.app, admin, '/api/teacher/export', { keyword: p });
    const back = await upload(admin, '/api/teacher/import', 'back.xlsx', all.rawPayload);
    expect(back.json().data).toMatchObject({ total: 3, invalid: 3 });
    expect(back.json().data.errors.every((e: { reason: string }) => e.reason === 'DUPLICATE_EXISTING')).toBe(true);
  });
});

describe('authorization', () => {
  it('template, import and error file need jsgl:import; export needs jsgl:export', async () => {
    const file = await filled([row(ident('auth'))]);
    const noImport = await buildUser(t.db, { permissions: ['jsgl', 'jsgl:add', 'jsgl:export', 'yhgl:import'] });
    const s1 = await login(t.app, noImport.username, noImport.password);
    expect((await call(t.app, s1, '/api/teacher/template', {})).statusCode).toBe(403);
    expect((await upload(s1, '/api/teacher/import?mode=commit', 'l.xlsx', file)).statusCode).toBe(403);
    expect((await call(t.app, s1, '/api/teacher/import/errors', { id: crypto.randomUUID() })).statusCode).toBe(403);
    expect((await call(t.app, s1, '/api/teacher/export', {})).statusCode).toBe(200);
    const noExport = await buildUser(t.db, { permissions: ['jsgl', 'jsgl:import', 'yhgl:export'] });
    const s2 = await login(t.app, noExport.username, noExport.password);
    expect((await call(t.app, s2, '/api/teacher/export', {})).statusCode).toBe(403);
    expect((await call(t.app, s2, '/api/teacher/template', {})).statusCode).toBe(200);
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from lecturers where username like 'auth%'`)).rows as [{ n: number }];
    expect(n).toBe(0);
  });

  it('rejects bad parameters', async () => {
    expect((await call(t.app, admin, '/api/teacher/import/errors', { id: 'x' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'id' });
    expect((await call(t.app, admin, '/api/teacher/export', { kind: 'guest' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'kind' });
    const file = await filled([row(ident('q'))]);
    expect((await upload(admin, '/api/teacher/import?mode=write', 'l.xlsx', file)).json()).toMatchObject({ msg: 'PARAMETER_INVALID' });
  });
});
