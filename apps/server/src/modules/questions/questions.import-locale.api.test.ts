/** The question import's error file gives its reasons in the caller's language (issue 11 point 16). */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, dataOf, type Session } from '../../test/harness.js';
import { multipartBody, readBook } from '../../test/excel.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const post = (url: string, lang: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { ...admin.headers(), 'accept-language': lang } });

/** A judgment template with one row scored 1.3 and no answer, checked in `lang`: the error file's reason cell. */
async function reasonCell(lang: string) {
  const wb = await readBook((await post('/api/question/template', 'zh-CN', { type: 'judgment' })).rawPayload);
  wb.worksheets[0]!.addRow(['Is the sky blue?', null, 1.3]);
  const m = multipartBody('judgment.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), {});
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/question/import?type=judgment&mode=check',
    payload: m.payload,
    headers: { ...admin.headers(), 'accept-language': lang, 'content-type': m.contentType },
  });
  const errors = await post('/api/question/import/errors', lang, { id: dataOf(res).errorFileId });
  const ws = (await readBook(errors.rawPayload)).worksheets[0]!;
  return String(ws.getRow(2).getCell(ws.columnCount).value);
}

describe('question import error file', () => {
  it('writes column and reason in the caller’s language', async () => {
    expect(await reasonCell('zh-CN')).toContain('分值：分值须为0.5的倍数，且不超过100');
    const en = await reasonCell('en-US');
    expect(en).toContain('Answer: Required');
    expect(en).toContain(': Must be a multiple of 0.5 up to 100');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    const pt = await reasonCell('pt');
    expect(pt).toContain(': Obrigatório');
    expect(pt).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
