/**
 * Issue 11 point 16: Excel files follow the interface language (the web sends `Accept-Language`):
 * file names, sheet, headers and values; times are written as the caller's local time
 * (`X-Time-Zone`), never ISO UTC; an import accepts headers in any of the three languages.
 * Users, students and lecturers; the workbooks are read back with exceljs.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BUILTIN_TEXT_TRANSLATIONS } from '@hanlin/shared';
import { useTestApp, login, type Session } from '../../test/harness.js';
import { buildOrg, buildRole, buildUser } from '../../test/factories.js';
import { multipartBody, readBook } from '../../test/excel.js';
import { users } from './users.schema.js';
import { excelLang, localTime } from '../../platform/excel.js';

const t = useTestApp();
let admin: Session;
let dept: { id: number; name: string };
beforeAll(async () => {
  admin = await login(t.app);
  dept = await buildOrg(t.db, { name: `LangDept-${crypto.randomBytes(3).toString('hex')}` });
});
const tag = () => crypto.randomBytes(3).toString('hex');

const localeHeaders = (lang: string, zone?: string) => ({ 'accept-language': lang, ...(zone ? { 'x-time-zone': zone } : {}) });
const post = (url: string, lang: string, payload: object = {}, zone?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...admin.headers(), ...localeHeaders(lang, zone) } });
const upload = (url: string, lang: string, data: Buffer) => {
  const m = multipartBody('file.xlsx', data, {});
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...admin.headers(), ...localeHeaders(lang), 'content-type': m.contentType } });
};
const headerOf = (ws: { getRow(n: number): { values: unknown } }) => (ws.getRow(1).values as unknown[]).slice(1);
const fileName = (res: { headers: Record<string, unknown> }, name: string) =>
  expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);

describe('the caller’s language', () => {
  it('is the first of our languages in Accept-Language, Chinese otherwise', () => {
    expect(excelLang('en-US,en;q=0.9')).toBe('en-US');
    expect(excelLang('pt-BR,pt;q=0.9')).toBe('pt');
    expect(excelLang('fr-FR, zh;q=0.5')).toBe('zh-CN');
    expect(excelLang(undefined)).toBe('zh-CN');
  });

  it('writes times as local times of the given zone', () => {
    const d = new Date('2026-01-31T20:30:05Z');
    expect(localTime(d, 'Asia/Shanghai')).toBe('2026-02-01 04:30:05');
    expect(localTime(d, 'America/Sao_Paulo')).toBe('2026-01-31 17:30:05');
  });
});

describe('templates', () => {
  it('the user template in English: file name, sheet and headers, required columns marked', async () => {
    const res = await post('/api/user/template', 'en-US');
    expect(res.statusCode).toBe(200);
    fileName(res, 'User import template.xlsx');
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(ws.name).toBe('Users');
    expect(headerOf(ws)).toEqual(['Username*', 'Name*', 'Employee number*', 'Mobile phone', 'E-mail', 'Department*', 'Gender', 'English name', 'Post', 'City']);
  });

  it('the student template in Portuguese, the lecturer template in Portuguese; Chinese by default', async () => {
    const student = await post('/api/student-user/template', 'pt-BR');
    fileName(student, 'Modelo de importação de alunos.xlsx');
    expect(headerOf((await readBook(student.rawPayload)).worksheets[0]!)[2]).toBe('Número de aluno*');
    const lecturer = await post('/api/teacher/template', 'pt');
    fileName(lecturer, 'Modelo de importação de instrutores.xlsx');
    expect(headerOf((await readBook(lecturer.rawPayload)).worksheets[0]!).slice(0, 5)).toEqual([
      'Nome*',
      'Conta do instrutor*',
      'E-mail',
      'Tipo (Interno/Externo)*',
      'Organização*',
    ]);
    const zh = await t.app.inject({ method: 'POST', url: '/api/user/template', payload: {}, headers: admin.headers() });
    expect(headerOf((await readBook(zh.rawPayload)).worksheets[0]!)[0]).toBe('用户名*');
  });
});

describe('import', () => {
  it('accepts a template in any language and values written in another; the error file speaks the caller’s language', async () => {
    const wb = await readBook((await post('/api/user/template', 'en-US')).rawPayload);
    const p = tag();
    wb.worksheets[0]!.addRow([`lang-ok-${p}`, 'Ana', `C${p}1`, `139${crypto.randomInt(10_000_000, 99_999_999)}`, `ok-${p}@example.com`, dept.name, 'Feminino']);
    wb.worksheets[0]!.addRow([`lang-bad-${p}`, 'Bo', `C${p}2`, 'n/a', `bad-${p}@example.com`, dept.name, '男']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    const res = await upload('/api/user/import?mode=check', 'pt', file);
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    const errors = await post('/api/user/import/errors', 'pt', { id: result.errorFileId });
    expect(errors.statusCode).toBe(200);
    fileName(errors, 'Erros de importação de usuários.xlsx');
    const ws = (await readBook(errors.rawPayload)).worksheets[0]!;
    expect(headerOf(ws).at(-1)).toBe('Motivo do erro');
    expect(String(ws.getRow(2).getCell(11).value)).toMatch(/^Celular: /);
  });
});

describe('error file reasons', () => {
  /** A filled template (in Chinese) with one bad row, checked in `lang`; the error file's reason cell. */
  async function reasonCell(url: string, lang: string, row: (string | null)[], reasonColumn: number) {
    const wb = await readBook((await post(`${url}/template`, 'zh-CN')).rawPayload);
    wb.worksheets[0]!.addRow(row);
    const res = await upload(`${url}/import?mode=check`, lang, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    const errors = await post(`${url}/import/errors`, lang, { id: res.json().data.errorFileId });
    return String((await readBook(errors.rawPayload)).worksheets[0]!.getRow(2).getCell(reasonColumn).value);
  }
  const noName = () => {
    const p = tag();
    return [`reason-${p}`, '', `C${p}`, '', `reason-${p}@example.com`, dept.name];
  };

  it('users and students: the reason itself is in the caller’s language, not only the column', async () => {
    expect(await reasonCell('/api/user', 'zh-CN', noName(), 11)).toBe('姓名：不能为空');
    expect(await reasonCell('/api/user', 'en-US', noName(), 11)).toBe('Name: Required');
    expect(await reasonCell('/api/student-user', 'pt', noName(), 11)).toBe('Nome: Obrigatório');
  });

  it('lecturers: English and Portuguese reasons', async () => {
    const row = [null, `lr${tag()}x`, null, '内部', dept.name];
    expect(await reasonCell('/api/teacher', 'en-US', row, 11)).toBe('Name: Required');
    expect(await reasonCell('/api/teacher', 'pt', row, 11)).toBe('Nome: Obrigatório');
  });
});

describe('export', () => {
  it('the user list in English with local times of the caller’s zone', async () => {
    const p = tag();
    const u = await buildUser(t.db, { username: `lang-exp-${p}`, orgId: dept.id, status: 'frozen' });
    const [row] = await t.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, u.id));
    const res = await post('/api/user/export', 'en-US', { keyword: `lang-exp-${p}` }, 'America/Sao_Paulo');
    expect(res.statusCode).toBe(200);
    fileName(res, 'Users.xlsx');
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(headerOf(ws).slice(-3)).toEqual(['Status', 'Roles', 'Created']);
    expect(ws.getRow(2).getCell(11).value).toBe('Frozen');
    const created = String(ws.getRow(2).getCell(13).value);
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created).toBe(localTime(row!.createdAt, 'America/Sao_Paulo'));
  });

  it('writes built-in roles and the root organization in the caller’s language, renamed ones as typed', async () => {
    const p = tag();
    const [role] = (await t.db.execute<{ id: number }>(sql`select id from roles where builtin_key = 'employee'`)).rows;
    const custom = (await buildRole(t.db, { name: `Welders-${p}` })).id;
    await buildUser(t.db, { username: `lang-root-${p}`, roleIds: [role!.id, custom] });
    const cells = async (lang: string) => {
      const ws = (await readBook((await post('/api/user/export', lang, { keyword: `lang-root-${p}` })).rawPayload)).worksheets[0]!;
      return [ws.getRow(2).getCell(6).value, String(ws.getRow(2).getCell(12).value).split(',').sort()];
    };
    expect(await cells('en-US')).toEqual(['Headquarters', ['Employee', `Welders-${p}`]]);
    expect(await cells('pt')).toEqual([BUILTIN_TEXT_TRANSLATIONS['builtin.rootOrg']!.pt, [BUILTIN_TEXT_TRANSLATIONS['builtin.role.employee']!.pt, `Welders-${p}`].sort()]);
    expect(await cells('zh-CN')).toEqual(['总部', ['员工', `Welders-${p}`].sort()]);
  });

  it('the lecturer list in Portuguese', async () => {
    const res = await post('/api/teacher/export', 'pt', {}, 'Asia/Shanghai');
    expect(res.statusCode).toBe(200);
    fileName(res, 'Instrutores.xlsx');
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(headerOf(ws).slice(-3)).toEqual(['Status', 'Certificado', 'Criado em']);
  });
});
