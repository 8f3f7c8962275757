import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionRow } from '@hanlin/shared';
import { useTestApp, login, call, dataOf, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { readBook, uploadFile } from '../../test/excel.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const uniq = () => crypto.randomUUID().slice(0, 8);
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
/** The downloaded template of a type filled with rows, as a user would do in Excel. */
async function filled(type: string, rows: (string | number | null)[][]) {
  const wb = await readBook((await post('/api/question/template', { type })).rawPayload);
  for (const r of rows) wb.worksheets[0]!.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const headers = async (type: string) => {
  const res = await post('/api/question/template', { type });
  expect(res.statusCode, res.body).toBe(200);
  const ws = (await readBook(res.rawPayload)).worksheets[0]!;
  return (ws.getRow(1).values as string[]).filter(Boolean);
};
const upload = (type: string, data: Buffer, mode = 'check', extra = '') =>
  uploadFile(t.app, admin, `/api/question/import?type=${type}&mode=${mode}${extra}`, `${type}.xlsx`, data);
const byStem = async (tag: string) => (await post('/api/question/list', { keyword: tag, size: 100, sort: 'id' })).json().data.records as QuestionRow[];

describe('templates', () => {
  it('offers a template for every one of the eight types, each with its own columns', async () => {
    const seen = new Set<string>();
    for (const type of QUESTION_TYPES) {
      const h = await headers(type);
      expect(h[0]).toBe('题干*');
      expect(h).toContain('分值(0.5的倍数，≤100)*');
      seen.add(h.join());
    }
    expect(seen.size).toBe(7); // operation and calculation share their columns
    expect(await headers('single')).toContain('选项(以|分隔，依次为A、B、C…)*');
    expect(await headers('rating')).toContain('星级数(1-10)*');
    expect((await post('/api/question/template', { type: 'essay' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID' });
  });

  it('speaks the interface language: an English template, filled, imports like the Chinese one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/question/template',
      payload: { type: 'judgment' },
      headers: { ...admin.headers(), 'accept-language': 'en-US' },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('True or false import template.xlsx'));
    const wb = await readBook(res.rawPayload);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).filter(Boolean).slice(0, 2)).toEqual(['Stem*', 'Answer (TRUE/FALSE)*']);
    const tag = uniq();
    wb.worksheets[0]!.addRow([`English ${tag}`, 'TRUE', 2]);
    const checked = await upload('judgment', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(checked.json()).toMatchObject({ data: { total: 1, valid: 1 } });
  });
});

describe('import', () => {
  it('imports good rows of each type as drafts and reports every bad row with its column and reason', async () => {
    const tag = uniq();
    const cat = `Imp ${tag}`;
    const categoryId = (await post('/api/question-sort/insert', { name: cat })).json().data.id as number;
    // single: stem, options, answer, score, difficulty, labels, category, analysis
    const single = await filled('single', [
      [`S1 ${tag} capital?`, 'Paris|Rome|Berlin', 'A', 2, '简单', `geo|${tag.slice(0, 5)}`, cat, 'Because'],
      [`S2 ${tag}`, 'Only one', 'A', 2, null, null, null, null],
      [`S3 ${tag}`, 'x|y', 'C', 1.3, '超难', null, 'No such category', null],
      [null, 'x|y', 'A', 1, null, null, null, null],
    ]);
    const result = dataOf(await upload('single', single));
    expect(result).toMatchObject({ total: 4, valid: 1, invalid: 3, imported: 0 });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'options', reason: 'RULE_BROKEN' },
        { row: 4, field: 'answer', reason: 'RULE_BROKEN' },
        { row: 4, field: 'score', reason: 'SCORE_INVALID' },
        { row: 4, field: 'difficulty', reason: 'INVALID_FORMAT' },
        { row: 4, field: 'category', reason: 'CATEGORY_NOT_FOUND' },
        { row: 5, field: 'stem', reason: 'REQUIRED' },
      ]),
    );
    // The error file holds the bad rows as typed with their reasons.
    const errorFile = await post('/api/question/import/errors', { id: result.errorFileId });
    const ws = (await readBook(errorFile.rawPayload)).worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(String(ws.getRow(3).getCell(ws.columnCount).value)).toContain('分值：分值须为0.5的倍数，且不超过100');
    // Commit refuses bad rows unless told to skip them.
    expect((await upload('single', single, 'commit')).json()).toMatchObject({ msg: 'EXCEL_FORMAT_ERROR' });
    expect((await upload('single', single, 'commit', '&skipInvalid=true')).json().data).toMatchObject({ imported: 1 });
    const [s1] = await byStem(`S1 ${tag}`);
    expect(s1).toMatchObject({ type: 'single', options: [{ content: 'Paris' }, { content: 'Rome' }, { content: 'Berlin' }], answers: ['A'], score: 2 });
    expect(s1).toMatchObject({ difficulty: 'easy', labels: ['geo', tag.slice(0, 5)], categoryId, analysis: 'Because', status: 'draft' });

    const rows: Record<string, (string | number | null)[][]> = {
      multiple: [[`M ${tag}`, 'a|b|c|d', 'ABD', 3]],
      judgment: [
        [`J ${tag} sky is blue`, '正确', 1],
        [`J2 ${tag}`, 'maybe', 1],
      ],
      fill: [
        [`F ${tag} 1+1=（ ），2+2=（ ）`, '2/二|4', 2],
        [`F2 ${tag} no blank`, '2', 2],
      ],
      short: [[`SA ${tag}`, 'photosynthesis, light', '是', 'Plants use light', 10]],
      operation: [[`OP ${tag}`, 'Open the valve', 5]],
      calculation: [[`CA ${tag}`, '42', 5]],
      rating: [
        [`R ${tag}`, 5, 1],
        [`R2 ${tag}`, 11, 1],
      ],
    };
    const expected: Record<string, object> = {
      multiple: { answers: ['A', 'B', 'D'] },
      judgment: { answers: ['T'] },
      fill: { blanks: [['2', '二'], ['4']] },
      short: { keywords: 'photosynthesis, light', autoScore: true, answerText: 'Plants use light', score: 10 },
      operation: { answerText: 'Open the valve' },
      calculation: { answerText: '42' },
      rating: { stars: 5 },
    };
    for (const [type, r] of Object.entries(rows)) {
      const res = (await upload(type, await filled(type, r), 'commit', '&skipInvalid=true')).json().data;
      expect(res, type).toMatchObject({ imported: 1, invalid: r.length - 1 });
    }
    expect((await upload('judgment', await filled('judgment', rows.judgment!))).json().data.errors).toEqual([{ row: 3, field: 'answer', reason: 'INVALID_FORMAT' }]);
    expect((await upload('fill', await filled('fill', rows.fill!))).json().data.errors).toEqual([{ row: 3, field: 'stem', reason: 'RULE_BROKEN' }]);
    expect((await upload('rating', await filled('rating', rows.rating!))).json().data.errors).toEqual([{ row: 3, field: 'stars', reason: 'INVALID_FORMAT' }]);
    const imported = await byStem(tag);
    for (const [type, want] of Object.entries(expected))
      expect(
        imported.find((q) => q.type === type),
        type,
      ).toMatchObject(want);
  });

  it('refuses another type’s template, a wrong suffix, and callers without the import code', async () => {
    const data = await filled('judgment', [[`X ${uniq()}`, '正确', 1]]);
    expect((await upload('single', data)).json()).toMatchObject({ msg: 'EXCEL_TEMPLATE_ERROR' });
    expect((await uploadFile(t.app, admin, '/api/question/import?type=judgment', 'q.csv', data)).json()).toMatchObject({ msg: 'EXCEL_SUFFIX_ERROR' });
    const u = await buildUser(t.db, { permissions: ['tkgl', 'tkgl:add'] });
    const s = await login(t.app, u.username, u.password);
    expect((await uploadFile(t.app, s, '/api/question/import?type=judgment', 'q.xlsx', data)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it('exports a bank’s questions, every type in one sheet', async () => {
    const tag = uniq();
    const bank = (await post('/api/question-sort/insert', { name: `Exp ${tag}` })).json().data.id as number;
    const sub = (await post('/api/question-sort/insert', { name: 'Sub', parentId: bank })).json().data.id as number;
    await post('/api/question/insert', { type: 'single', stem: `E1 ${tag}`, options: [{ content: 'x' }, { content: 'y' }], answers: ['B'], score: 2, categoryId: bank });
    await post('/api/question/insert', { type: 'fill', stem: `E2 ${tag} （）`, blanks: [['a', 'b']], score: 1.5, categoryId: sub });
    await post('/api/question/insert', { type: 'judgment', stem: `Elsewhere ${tag}`, answers: ['F'], score: 1 });
    const res = await post('/api/question/export', { categoryId: bank });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('xlsx');
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r.slice(1, 7))).toEqual([
      ['单选题', `E1 ${tag}`, 'A. x|B. y', 'B', 2, '中等'],
      ['填空题', `E2 ${tag} （）`, '', 'a/b', 1.5, '中等'],
    ]);
  });
});
