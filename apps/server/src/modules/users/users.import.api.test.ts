import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { filledTemplate, hugeCellXlsx, millionRowBomb, minimalXlsx, readBook, slowestHealth, uploadFile } from '../../test/excel.js';
import { excelWorkerLimits, stopExcelWorker } from '../../platform/excel-queue.js';
import { users } from './users.schema.js';
import { PENDING_PASSWORD_HASH } from './users.passwords.js';

const t = useTestApp();
let admin: Session;
let dept: { id: number; name: string };
beforeAll(async () => {
  admin = await login(t.app);
  dept = await buildOrg(t.db, { name: `导入部-${crypto.randomBytes(3).toString('hex')}` });
});
const tag = () => crypto.randomBytes(3).toString('hex');

const upload = (s: Session, url: string, filename: string, data: Buffer, fields: Record<string, string> = {}) => uploadFile(t.app, s, url, filename, data, fields);

async function template(s: Session, prefix = '/api/user') {
  const res = await call(t.app, s, `${prefix}/template`, {});
  expect(res.statusCode).toBe(200);
  return { wb: await readBook(res.rawPayload), res };
}

const filled = (rows: (string | number | null)[][], prefix = '/api/user') => filledTemplate(t.app, admin, `${prefix}/template`, rows);

const row = (u: string, extra: Partial<Record<'realname' | 'card' | 'phone' | 'email' | 'dept' | 'sex', string | number | null>> = {}) => [
  u,
  extra.realname ?? '张三',
  extra.card ?? `C${u.replace(/[^A-Za-z0-9]/g, '')}`,
  extra.phone ?? `139${crypto.randomInt(10_000_000, 99_999_999)}`,
  extra.email ?? `${u}@example.com`,
  extra.dept === undefined ? dept.name : extra.dept,
  extra.sex ?? '男',
];

describe('template', () => {
  it('downloads an xlsx with the Chinese header and a UTF-8 file name', async () => {
    const { wb, res } = await template(admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    // Required as the form requires: phone and e-mail are optional there.
    expect(header.slice(0, 6)).toEqual(['用户名*', '姓名*', '工号*', '手机号', '邮箱', '部门*']);
    const student = await template(admin, '/api/student-user');
    expect((student.wb.worksheets[0]!.getRow(1).values as unknown[])[3]).toBe('学号*');
  });
});

describe('import', () => {
  it('check mode reports every bad row and writes nothing; the error file carries the reasons', async () => {
    const taken = await buildUser(t.db, { username: `taken-${tag()}` });
    const p = tag();
    const file = await filled([
      row(`ok1-${p}`), // 2: good
      row('a'), // 3: user name under 2
      row(`ok1-${p}`.toUpperCase()), // 4: duplicate name inside the file
      row(`ph-${p}`, { phone: '139-0000' }), // 5: phone not digits
      row(`ph2-${p}`, { phone: '139000000001' }), // 6: phone over 11 digits
      row(`em-${p}`, { email: 'nope' }), // 7: e-mail invalid
      row(`em2-${p}`, { email: `${'x'.repeat(195)}@example.com` }), // 8: e-mail over 200
      row(taken.username), // 9: duplicate with existing
      row(`dp-${p}`, { dept: '不存在的部门' }), // 10: department missing
      row(`rn-${p}`, { realname: '' }), // 11: empty real name
      row(`ok2-${p}`, { phone: 13912345678 }), // 12: good (phone typed as a number)
      row(`x${'y'.repeat(200)}`), // 13: user name over 200
    ]);
    const res = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', file);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 12, valid: 2, invalid: 10, imported: 0 });
    const has = (rowNo: number, field: string, reason: string) => expect(data.errors, `${rowNo} ${field} ${reason}`).toContainEqual({ row: rowNo, field, reason });
    has(3, 'username', 'TOO_SHORT');
    has(4, 'username', 'DUPLICATE_IN_FILE');
    has(5, 'phone', 'INVALID_FORMAT');
    has(6, 'phone', 'TOO_LONG');
    has(7, 'email', 'INVALID_FORMAT');
    has(8, 'email', 'TOO_LONG');
    has(9, 'username', 'DUPLICATE_EXISTING');
    has(10, 'department', 'ORG_NOT_FOUND');
    has(11, 'realname', 'REQUIRED');
    has(13, 'username', 'TOO_LONG');
    const written = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, [`ok1-${p}`, `ok2-${p}`]));
    expect(written).toHaveLength(0);

    const err = await call(t.app, admin, '/api/user/import/errors', { id: data.errorFileId });
    expect(err.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(err.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(11).value).toBe('错误原因');
    expect(ws.actualRowCount).toBe(11);
    expect(String(ws.getRow(2).getCell(1).value)).toBe('a');
    expect(String(ws.getRow(2).getCell(11).value)).toContain('用户名');
    // Another user cannot fetch someone else's error file.
    const other = await buildUser(t.db, { permissions: ['yhgl', 'yhgl:import'] });
    const so = await login(t.app, other.username, other.password);
    expect((await call(t.app, so, '/api/user/import/errors', { id: data.errorFileId })).statusCode).toBe(404);
  });

  it('commit refuses a file with bad rows unless told to skip them, then writes only the good rows', async () => {
    const p = tag();
    const file = await filled([row(`c1-${p}`), row(`c2-${p}`, { phone: 'none' }), row(`c3-${p}`, { sex: '女' })]);
    const refused = await upload(admin, '/api/user/import', 'users.xlsx', file, { mode: 'commit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: 'EXCEL_FORMAT_ERROR', data: { invalid: 1, valid: 2 } });
    const names = [`c1-${p}`, `c2-${p}`, `c3-${p}`];
    expect(await t.db.select().from(users).where(inArray(users.username, names))).toHaveLength(0);

    const okRes = await upload(admin, '/api/user/import?mode=commit&skipInvalid=true', 'users.xlsx', file);
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().data).toMatchObject({ total: 3, valid: 2, invalid: 1, imported: 2 });
    const rows = await t.db.select().from(users).where(inArray(users.username, names));
    expect(rows.map((r) => r.username).sort()).toEqual([`c1-${p}`, `c3-${p}`]);
    expect(rows.find((r) => r.username === `c3-${p}`)).toMatchObject({ sex: 'female', orgId: dept.id, kind: 'employee', firstLogin: true });

    // The initial passwords are hashed right after the commit; then "user name + 123" signs in.
    await t.app.initialPasswords.idle();
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.passwordHash, PENDING_PASSWORD_HASH))).toEqual([]);
    const res = await postLogin(t.app, `c1-${p}`, `c1-${p}123`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.firstLogin).toBe(true);
  });

  it('matches the post to a position of the catalogue by name; an unknown post is a bad row; the export writes the name', async () => {
    const p = tag();
    const pos = (await call(t.app, admin, '/api/position/insert', { name: `焊工-${p}` })).json().data.id as number;
    const withPost = (u: string, post: string) => [...row(u), null, post];
    const file = await filled([withPost(`p1-${p}`, `焊工-${p}`), withPost(`p2-${p}`, `木工-${p}`), row(`p3-${p}`)]);
    const checked = (await upload(admin, '/api/user/import', 'users.xlsx', file)).json().data;
    expect(checked).toMatchObject({ total: 3, valid: 2, invalid: 1, errors: [{ row: 3, field: 'post', reason: 'POSITION_NOT_FOUND' }] });
    expect((await upload(admin, '/api/user/import?mode=commit&skipInvalid=true', 'users.xlsx', file)).json().data.imported).toBe(2);
    const rows = await t.db
      .select()
      .from(users)
      .where(inArray(users.username, [`p1-${p}`, `p3-${p}`]));
    expect(Object.fromEntries(rows.map((r) => [r.username, r.positionId]))).toEqual({ [`p1-${p}`]: pos, [`p3-${p}`]: null });
    const exported = await call(t.app, admin, '/api/user/export', { positionId: pos });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.actualRowCount).toBe(2);
    expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(9).value]).toEqual([`p1-${p}`, `焊工-${p}`]);
  });

  it('imports what the form accepts: no phone or e-mail, a two-character user name', async () => {
    const p = tag();
    const file = await filled([row(`n${p}`.slice(0, 2) + p, { phone: '', email: '' }), row(`x${p.slice(0, 1)}`, { email: '' })]);
    const res = (await upload(admin, '/api/user/import?mode=commit', 'users.xlsx', file)).json().data;
    expect(res).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 2, errors: [] });
    const [u] = await t.db
      .select({ phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.username, `n${p}`.slice(0, 2) + p));
    expect(u).toEqual({ phone: null, email: null });
    expect(
      (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, `x${p.slice(0, 1)}`))
      ).length,
    ).toBe(1);
  });

  it('takes the city from the dictionary (value or label); a city not in it, or frozen, is a bad row', async () => {
    const p = tag();
    const dict = (label: string, value: string) => call(t.app, admin, '/api/dict/insert', { type: 'city', label, value });
    expect((await dict(`杭州-${p}`, `hz-${p}`)).statusCode).toBe(200);
    const frozen = (await dict(`冻城-${p}`, `fz-${p}`)).json().data.id as number;
    expect((await call(t.app, admin, '/api/dict/freeze', { ids: [frozen] })).statusCode).toBe(200);
    const withCity = (u: string, city: string) => [...row(u), null, null, city];
    const file = await filled([
      withCity(`c1-${p}`, `hz-${p}`), // 2: by value
      withCity(`c2-${p}`, `杭州-${p}`), // 3: by label, stored as the value
      withCity(`c3-${p}`, `Atlantis-${p}`), // 4: not in the dictionary
      withCity(`c4-${p}`, `fz-${p}`), // 5: frozen entry
      row(`c5-${p}`), // 6: no city
    ]);
    const checked = (await upload(admin, '/api/user/import', 'users.xlsx', file)).json().data;
    expect(checked).toMatchObject({ total: 5, valid: 3, invalid: 2 });
    expect(checked.errors).toEqual([
      { row: 4, field: 'city', reason: 'DICT_NOT_FOUND' },
      { row: 5, field: 'city', reason: 'DICT_NOT_FOUND' },
    ]);
    const err = await call(t.app, admin, '/api/user/import/errors', { id: checked.errorFileId });
    const ws = (await readBook(err.rawPayload)).worksheets[0]!;
    expect(String(ws.getRow(2).getCell(11).value)).toBe('城市：不在数据字典中');
    expect((await upload(admin, '/api/user/import?mode=commit&skipInvalid=true', 'users.xlsx', file)).json().data.imported).toBe(3);
    const rows = await t.db
      .select({ username: users.username, city: users.city })
      .from(users)
      .where(inArray(users.username, [`c1-${p}`, `c2-${p}`, `c5-${p}`]));
    expect(Object.fromEntries(rows.map((r) => [r.username, r.city]))).toEqual({ [`c1-${p}`]: `hz-${p}`, [`c2-${p}`]: `hz-${p}`, [`c5-${p}`]: null });
    // The export writes the city's label, which imports again.
    const exported = await readBook((await call(t.app, admin, '/api/user/export', { keyword: `c2-${p}` })).rawPayload);
    expect(exported.worksheets[0]!.getRow(2).getCell(10).value).toBe(`杭州-${p}`);
    // The student page checks the same dictionary.
    const students = await filled([withCity(`c6-${p}`, `Atlantis-${p}`)], '/api/student-user');
    const sc = (await upload(admin, '/api/student-user/import', 'students.xlsx', students)).json().data;
    expect(sc.errors).toEqual([{ row: 2, field: 'city', reason: 'DICT_NOT_FOUND' }]);
  });

  it('matches the department by code or name inside the caller’s scope only', async () => {
    const east = await buildOrg(t.db, { name: `East-${tag()}` });
    const west = await buildOrg(t.db, { name: `West-${tag()}` });
    const mgr = await buildUser(t.db, { orgId: east.id, permissions: ['yhgl', 'yhgl:import'], scopeOrgIds: [east.id] });
    const s = await login(t.app, mgr.username, mgr.password);
    const p = tag();
    const res = await upload(s, '/api/user/import?mode=check', 'u.xlsx', await filled([row(`e-${p}`, { dept: east.name }), row(`w-${p}`, { dept: west.name })]));
    expect(res.json().data).toMatchObject({ valid: 1, invalid: 1, errors: [{ row: 3, field: 'department', reason: 'ORG_NOT_FOUND' }] });
  });

  it('refuses wrong files: suffix, format, template, empty, too many rows, too large', async () => {
    const good = await filled([row(`f-${tag()}`)]);
    const expectErr = async (res: Awaited<ReturnType<typeof upload>>, msg: string, status = 400) => {
      expect(res.json().msg).toBe(msg);
      expect(res.statusCode).toBe(status);
    };
    await expectErr(await upload(admin, '/api/user/import', 'users.xls', good), 'EXCEL_SUFFIX_ERROR');
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', Buffer.from('this is not excel')), 'EXCEL_FORMAT_ERROR');

    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('x').addRow(['用户名*', '姓名*']);
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', Buffer.from(await plain.xlsx.writeBuffer())), 'EXCEL_TEMPLATE_ERROR');
    // The template of the other page is not this template.
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', await filled([row(`s-${tag()}`)], '/api/student-user')), 'EXCEL_TEMPLATE_ERROR');
    // Right marker, changed header.
    const { wb } = await template(admin);
    wb.worksheets[0]!.getCell('B1').value = '名字';
    wb.worksheets[0]!.addRow(row(`h-${tag()}`));
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer())), 'EXCEL_TEMPLATE_ERROR');

    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', await filled([])), 'EXCEL_EMPTY');
    const many = await filled(Array.from({ length: 10_001 }, (_, i) => [`m${i}`, 'n', `M${i}xx`, '1', 'a@b.cn', 'd']));
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', many), 'EXCEL_TOO_MANY_ROWS');
    const huge = Buffer.concat([good, crypto.randomBytes(10 * 1024 * 1024)]);
    await expectErr(await upload(admin, '/api/user/import', 'users.xlsx', huge), 'FILE_TOO_LARGE', 413);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/user/import', payload: {}, headers: admin.headers() });
    expect(noFile.json().msg).toBe('PARAMETER_INVALID');
  });

  it('imports students through the student page with the student template', async () => {
    const p = tag();
    const res = await upload(admin, '/api/student-user/import?mode=commit', 's.xlsx', await filled([row(`st-${p}`, { card: `STU${p}` })], '/api/student-user'));
    expect(res.json()).toMatchObject({ data: { imported: 1 } }); // the whole answer, so a refusal shows its code
    const [u] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `st-${p}`));
    expect(u!.kind).toBe('student');
    // A student number under 5 characters is a row error.
    const bad = await upload(admin, '/api/student-user/import', 's.xlsx', await filled([row(`st2-${p}`, { card: 'S12' })], '/api/student-user'));
    expect(bad.json().data.errors).toContainEqual({ row: 2, field: 'cardNumber', reason: 'TOO_SHORT' });
  });

  it('needs the import code', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl', 'yhgl:export', 'xsgl:import'] });
    const s = await login(t.app, u.username, u.password);
    const res = await upload(s, '/api/user/import', 'users.xlsx', await filled([row(`n-${tag()}`)]));
    expect(res.statusCode).toBe(403);
  });
});

describe('cell values', () => {
  it('reads formula results, rich text and links as their text; a formula without a cached value is empty', async () => {
    const p = tag();
    const phone = `139${crypto.randomInt(10_000_000, 99_999_999)}`;
    const { wb } = await template(admin);
    const ws = wb.worksheets[0]!;
    ws.addRow(row(`fx-${p}`)); // 2
    ws.getCell('A2').value = { richText: [{ text: 'fx-', font: { bold: true } }, { text: p }] };
    ws.getCell('B2').value = { formula: 'CONCATENATE("张","三")', result: '张三' };
    ws.getCell('D2').value = { formula: `${phone}+0`, result: Number(phone) };
    ws.getCell('E2').value = { text: `fx-${p}@example.com`, hyperlink: `mailto:fx-${p}@example.com` };
    ws.addRow(row(`fy-${p}`)); // 3
    ws.getCell('B3').value = { formula: 'CONCATENATE("李","四")' }; // never calculated: no cached value in the file
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    const res = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, valid: 1, invalid: 1, errors: [{ row: 3, field: 'realname', reason: 'REQUIRED' }] });

    const done = await upload(admin, '/api/user/import?mode=commit&skipInvalid=true', 'users.xlsx', file);
    expect(done.json().data).toMatchObject({ imported: 1 });
    const [u] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `fx-${p}`));
    expect(u).toMatchObject({ realname: '张三', phone, email: `fx-${p}@example.com` });
  });
});

describe('hostile files', () => {
  const expectRefused = (res: Awaited<ReturnType<typeof upload>>, msg: string, status: number) => {
    expect(res.json().msg).toBe(msg);
    expect(res.statusCode).toBe(status);
  };

  it('refuses decompression bombs while the server keeps answering; the next import works', async () => {
    const bomb = millionRowBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // Three at once: they used to exhaust the heap and end the process.
    const started = performance.now();
    const importing = Promise.all([1, 2, 3].map(() => upload(admin, '/api/user/import', 'users.xlsx', bomb)));
    const [answers, health] = await Promise.all([importing, slowestHealth(t.app, importing)]);
    for (const res of answers) expectRefused(res, 'FILE_TOO_LARGE', 413);
    expect(performance.now() - started).toBeLessThan(20_000); // refused early, not read to the end
    expect(health.slowest).toBeLessThan(2000); // the event loop is never held while a file is read

    const ok = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', await filled([row(`after-${tag()}`)]));
    expect(ok.json()).toMatchObject({ data: { total: 1, valid: 1 } });
  }, 90_000); // three bombs read one after another: slow on a loaded machine

  it('refuses an archive whose sheet unpacks to more than its headers declare', async () => {
    const liar = minimalXlsx(Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_000_000)), { declaredSheetSize: 50_000 });
    const importing = upload(admin, '/api/user/import', 'users.xlsx', liar);
    const [res, health] = await Promise.all([importing, slowestHealth(t.app, importing)]);
    expectRefused(res, 'FILE_TOO_LARGE', 413);
    expect(health.slowest).toBeLessThan(2000); // the event loop is never held while a file is read
  }, 90_000);

  it('stops reading at the row limit: 10,000 rows are read, 10,001 are refused', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`m${i}`, 'n', `M${i}xx`, '1', 'a@b.cn', 'd']);
    const atLimit = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', await filled(rows(10_000)));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().data).toMatchObject({ total: 10_000, valid: 0 });
    expectRefused(await upload(admin, '/api/user/import', 'users.xlsx', await filled(rows(10_001))), 'EXCEL_TOO_MANY_ROWS', 400);
  }, 90_000);

  it('a worker that runs out of memory answers 413 and the next import works', async () => {
    const saved = { ...excelWorkerLimits };
    // One 40 MB string fits the size limits (it packs like a sheet) but not a 32 MB heap.
    const file = hugeCellXlsx(40);
    excelWorkerLimits.maxOldGenerationSizeMb = 32;
    await stopExcelWorker();
    try {
      const importing = upload(admin, '/api/user/import', 'users.xlsx', file);
      const [res, health] = await Promise.all([importing, slowestHealth(t.app, importing)]);
      expectRefused(res, 'FILE_TOO_LARGE', 413);
      expect(health.slowest).toBeLessThan(2000); // the event loop is never held while a file is read
    } finally {
      Object.assign(excelWorkerLimits, saved);
      await stopExcelWorker();
    }
    const ok = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', await filled([row(`oom-${tag()}`)]));
    expect(ok.json()).toMatchObject({ data: { total: 1, valid: 1 } });
  }, 90_000); // a worker filling a heap, then a new one: slow on a loaded machine

  it('a file that is not a workbook inside a valid zip is a format error, and the next import works', async () => {
    expectRefused(
      await upload(admin, '/api/user/import', 'users.xlsx', minimalXlsx('<row r="1"><c r="A1" t="s"><v>7</v></c></row>').subarray(0, 400)),
      'EXCEL_FORMAT_ERROR',
      400,
    );
    expectRefused(
      await upload(admin, '/api/user/import', 'users.xlsx', minimalXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>用户名*</t></is></c></row>')),
      'EXCEL_TEMPLATE_ERROR',
      400,
    );
    const ok = await upload(admin, '/api/user/import?mode=check', 'users.xlsx', await filled([row(`fmt-${tag()}`)]));
    expect(ok.json()).toMatchObject({ data: { total: 1, valid: 1 } });
  }, 90_000);
});

describe('export', () => {
  it('exports the filtered users in the caller’s scope with a UTF-8 file name', async () => {
    const a = await buildOrg(t.db, { name: `ExpA-${tag()}` });
    const b = await buildOrg(t.db, { name: `ExpB-${tag()}` });
    const p = tag();
    const inA = await buildUser(t.db, { username: `exp-a-${p}`, orgId: a.id });
    await buildUser(t.db, { username: `exp-b-${p}`, orgId: b.id });
    await buildUser(t.db, { username: `exp-f-${p}`, orgId: a.id, status: 'frozen' });
    const mgr = await buildUser(t.db, { orgId: a.id, permissions: ['yhgl', 'yhgl:export'], scopeOrgIds: [a.id] });
    const s = await login(t.app, mgr.username, mgr.password);
    const res = await call(t.app, s, '/api/user/export', { keyword: `exp-`, status: 'normal' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['用户名*', '姓名*', '工号*', '手机号', '邮箱', '部门*', '性别', '英文名', '岗位', '城市', '状态', '角色', '创建时间']);
    expect(ws.actualRowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(inA.username);
    expect(ws.getRow(2).getCell(6).value).toBe(a.name);
    expect(ws.getRow(2).getCell(11).value).toBe('正常');
  });
});
