import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireDetail, QuestionnaireInput } from '@hanlin/shared';
import { useTestApp, login, call, ok, newUserSession, type Session } from '../../test/harness.js';
import { readBook, uploadFile } from '../../test/excel.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const uniq = () => crypto.randomUUID().slice(0, 8);
const inLang = (lang: string, s: Session = admin) => ({ ...s, headers: () => ({ ...s.headers(), 'accept-language': lang }) });

/** The downloaded template filled with rows, as a user would do in Excel. */
async function filled(rows: (string | number | null)[][]) {
  const wb = await readBook((await call(t.app, admin, '/api/questionnaire/template')).rawPayload);
  for (const r of rows) wb.worksheets[0]!.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (data: Buffer, query: string, s: Session = admin) => uploadFile(t.app, s, `/api/questionnaire/import?${query}`, 'satisfaction.xlsx', data);
const detail = (id: number) => ok(t.app, admin, '/api/questionnaire/get', { id }) as Promise<QuestionnaireDetail>;

/** Every kind, with the rules a row can carry: pick limits, "other", a matrix, a number range, a condition. */
const ALL_KINDS: QuestionnaireInput['items'] = [
  { kind: 'section', key: 'intro', title: 'About the course', description: 'Tell us honestly' },
  { kind: 'single', key: 'again', title: 'Would you take it again?', required: true, options: ['Yes', 'No'], allowOther: true },
  { kind: 'multiple', key: 'liked', title: 'What did you like?', required: false, options: ['Teacher', 'Slides', 'Pace'], minPicks: 1, maxPicks: 2 },
  { kind: 'text', key: 'one', title: 'One word', required: false, maxLength: 20 },
  { kind: 'textarea', key: 'why', title: 'Why not?', required: true, condition: { itemKey: 'again', anyOf: [1] } },
  { kind: 'rating', key: 'stars', title: 'Overall', required: true, scale: 10 },
  { kind: 'matrix', key: 'grid', title: 'Rate each part', required: true, rows: ['Start', 'Middle'], columns: ['Bad', 'OK', 'Good'] },
  { kind: 'number', key: 'hours', title: 'Hours spent', required: false, min: 0, max: 40.5, integer: false },
  { kind: 'date', key: 'when', title: 'When did you finish?', required: false },
];

describe('questionnaire templates in Excel', () => {
  it('offers a template with instructions; the columns take one item per row', async () => {
    const res = await call(t.app, inLang('en-US'), '/api/questionnaire/template');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Questionnaire import template.xlsx'));
    const wb = await readBook(res.rawPayload);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).filter(Boolean).slice(0, 6)).toEqual([
      'Kind*',
      'Key (optional; conditions name it)',
      'Title*',
      'Description',
      'Required (yes/no)',
      'Options (separated by |; a matrix: its columns)',
    ]);
    const help = wb.getWorksheet('Instructions')!;
    expect(String(help.getRow(2).getCell(1).value)).toContain('Matrix');
    expect(String(help.getRow(3).getCell(1).value)).toContain('|');
  });

  it('imports the rows as a new draft template; bad rows are reported with their column and reason', async () => {
    const data = await filled([
      ['单选题', 'q1', '是否推荐', '', '是', '是|否', '', '否', '', '', '', '', ''],
      ['多行文本', '', '为什么', '', '否', '', '', '', '', 200, '', '', 'q1:2'],
      ['投票题', '', 'Unknown kind', '', '', '', '', '', '', '', '', '', ''],
      ['单选题', 'q1', 'Same key', '', '', 'a|b', '', '', '', '', '', '', ''],
      ['多选题', '', 'One option only', '', '', 'a', '', '', '', '', '', '', ''],
      ['评分题', '', 'Stars', '', 'maybe', '', '', '', '', '', 7, '', ''],
      ['日期', '', 'When', '', '', '', '', '', '', '', '', '', 'q9:1'],
      ['数字', '', '', '', '', '', '', '', 'x', '', '', '', ''],
    ]);
    const name = `Imported ${uniq()}`;
    const check = await upload(data, `name=${encodeURIComponent(name)}`);
    expect(check.statusCode, check.body).toBe(200);
    const result = check.json().data;
    expect(result).toMatchObject({ total: 8, valid: 2, invalid: 6, imported: 0, id: null });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'kind', reason: 'KIND_UNKNOWN' },
        { row: 5, field: 'key', reason: 'KEY_DUPLICATE' },
        { row: 6, field: 'options', reason: 'RULE_BROKEN' },
        { row: 7, field: 'required', reason: 'INVALID_FORMAT' },
        { row: 7, field: 'scale', reason: 'INVALID_FORMAT' },
        { row: 8, field: 'condition', reason: 'CONDITION_INVALID' },
        { row: 9, field: 'min', reason: 'INVALID_FORMAT' },
        { row: 9, field: 'title', reason: 'REQUIRED' },
      ]),
    );
    const errorFile = await readBook((await call(t.app, admin, '/api/questionnaire/import/errors', { id: result.errorFileId })).rawPayload);
    const ws = errorFile.worksheets[0]!;
    expect(String(ws.getRow(2).getCell(3).value)).toBe('Unknown kind');
    expect(String(ws.getRow(2).getCell(14).value)).toBe('题型：题型不存在');

    // Commit refuses bad rows unless told to skip them; then the good rows are the template.
    expect((await upload(data, `mode=commit&name=${encodeURIComponent(name)}`)).json()).toMatchObject({ msg: 'EXCEL_FORMAT_ERROR' });
    const commit = await upload(data, `mode=commit&skipInvalid=true&name=${encodeURIComponent(name)}`);
    expect(commit.statusCode, commit.body).toBe(200);
    const committed = commit.json().data;
    expect(committed).toMatchObject({ imported: 2, invalid: 6 });
    const d = await detail(committed.id);
    expect(d).toMatchObject({ name, status: 'draft' });
    expect(d.items).toEqual([
      { kind: 'single', key: 'q1', title: '是否推荐', required: true, options: ['是', '否'], allowOther: false },
      { kind: 'textarea', key: 'q2', title: '为什么', required: false, maxLength: 200, condition: { itemKey: 'q1', anyOf: [1] } },
    ]);
    // The name is unique among templates (told at the check already); the classification must exist.
    expect((await upload(data, `name=${encodeURIComponent(name)}`)).json()).toMatchObject({ msg: 'DUPLICATE_DATA', field: 'name' });
    expect((await upload(data, `name=${uniq()}&categoryId=999999`)).json()).toMatchObject({ field: 'categoryId' });
  });

  it('exports one template to the same format: export → import gives the same items, in any language', async () => {
    const id = (await ok(t.app, admin, '/api/questionnaire/insert', { name: `Source ${uniq()}`, items: ALL_KINDS })).id as number;
    const source = await detail(id);
    for (const lang of ['zh-CN', 'en-US', 'pt']) {
      const res = await call(t.app, inLang(lang), '/api/questionnaire/export', { id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${source.name}.xlsx`));
      const name = `Copy ${lang} ${uniq()}`;
      const back = await upload(res.rawPayload, `mode=commit&name=${encodeURIComponent(name)}`);
      expect(back.json().data, back.body).toMatchObject({ total: ALL_KINDS.length, invalid: 0, imported: ALL_KINDS.length });
      expect((await detail(back.json().data.id)).items).toEqual(source.items);
    }
  });

  it('reads with wjgl, imports with wjgl:add only; another template or a wrong suffix is refused', async () => {
    const id = (await ok(t.app, admin, '/api/questionnaire/insert', { name: `Scoped ${uniq()}`, items: ALL_KINDS.slice(1, 2) })).id as number;
    const reader = await newUserSession(t, { permissions: ['wjgl'] });
    const exported = await call(t.app, reader, '/api/questionnaire/export', { id });
    expect(exported.statusCode).toBe(200);
    expect((await call(t.app, reader, '/api/questionnaire/template')).statusCode).toBe(200);
    expect((await upload(exported.rawPayload, 'mode=check', reader)).statusCode).toBe(403);
    expect((await call(t.app, await newUserSession(t, { permissions: [] }), '/api/questionnaire/export', { id })).statusCode).toBe(403);

    const questionTemplate = (await call(t.app, admin, '/api/question/template', { type: 'single' })).rawPayload;
    expect((await upload(questionTemplate, 'mode=check')).json()).toMatchObject({ msg: 'EXCEL_TEMPLATE_ERROR' });
    const csv = await uploadFile(t.app, admin, '/api/questionnaire/import', 'items.csv', exported.rawPayload);
    expect(csv.json()).toMatchObject({ msg: 'EXCEL_SUFFIX_ERROR' });
  });
});
