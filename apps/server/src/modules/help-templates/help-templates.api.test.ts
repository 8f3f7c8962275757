import { beforeAll, describe, expect, it } from 'vitest';
import type { HelpTemplateDetail, HelpTemplateRow } from '@hanlin/shared';
import { useTestApp, ok, refusal, call, newUserSession, uploaded, MINIMAL_PDF, type Session } from '../../test/harness.js';

const t = useTestApp();
let editor: Session;
let otherEditor: Session;
let trainer: Session;
let outsider: Session;

beforeAll(async () => {
  editor = await newUserSession(t, { permissions: ['bzmb', 'bzmb:add', 'bzmb:modify', 'bzmb:delete'] });
  otherEditor = await newUserSession(t, { permissions: ['bzmb', 'bzmb:modify'] });
  trainer = await newUserSession(t, { permissions: ['pxjh'] });
  outsider = await newUserSession(t, { permissions: ['kc-pc'] });
});

const upload = async (s: Session, name = 'template.pdf') =>
  (await uploaded(t.app, s, { filename: name, data: MINIMAL_PDF, kind: 'attachment', purpose: 'help-template' })).url;
const readFile = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers() });
let n = 0;
const doc = (over: Record<string, unknown> = {}) => ({ title: `Doc ${++n}`, category: 'template', body: '<p>How to fill in</p>', ...over });

describe('help documents and templates', () => {
  it('keeps a sanitized body, attachments of the editor, sort and published flag; readers see only the published, in order', async () => {
    const file = await upload(editor, 'plan-template.pdf');
    const a = await ok<HelpTemplateDetail>(t.app, editor, '/api/help-template/insert', doc({ body: '<p>Hi<script>alert(1)</script></p>', attachments: [file], sort: 2 }));
    expect(a.body).not.toContain('script');
    expect(a.attachments).toEqual([{ ref: file, name: 'plan-template.pdf', size: MINIMAL_PDF.length }]);
    expect(a).toMatchObject({ published: false, abilities: { modify: true, delete: true } });
    const b = await ok<HelpTemplateDetail>(t.app, editor, '/api/help-template/insert', doc({ sort: 1, published: true, category: 'guide' }));

    const published = async (s: Session, q: Record<string, unknown> = {}) =>
      ((await ok(t.app, s, '/api/help-template/published', { size: 100, ...q })).records as HelpTemplateRow[]).map((r) => r.id);
    expect(await published(trainer)).toEqual([b.id]);
    expect(await refusal(t.app, trainer, '/api/help-template/read', { id: a.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    // The file of an unpublished document: the managers only.
    expect((await readFile(trainer, file)).statusCode).not.toBe(200);
    expect((await readFile(otherEditor, file)).statusCode).toBe(200);

    await ok(t.app, editor, '/api/help-template/update', { id: a.id, published: true });
    expect(await published(trainer)).toEqual([b.id, a.id]);
    expect(await published(trainer, { category: 'template' })).toEqual([a.id]);
    expect((await ok<HelpTemplateDetail>(t.app, trainer, '/api/help-template/read', { id: a.id })).body).toContain('Hi');
    expect((await readFile(trainer, file)).statusCode).toBe(200);
    expect((await readFile(outsider, file)).statusCode).not.toBe(200);
  });

  it("another editor keeps the existing files but cannot link someone else's upload; bad values are refused", async () => {
    const mine = await upload(editor);
    const d = await ok<HelpTemplateDetail>(t.app, editor, '/api/help-template/insert', doc({ attachments: [mine] }));
    const theirs = await upload(editor, 'other.pdf');
    const kept = await ok<HelpTemplateDetail>(t.app, otherEditor, '/api/help-template/update', { id: d.id, title: 'Renamed', attachments: [mine] });
    expect(kept).toMatchObject({ title: 'Renamed', attachments: [{ ref: mine }] });
    expect(await refusal(t.app, otherEditor, '/api/help-template/update', { id: d.id, attachments: [mine, theirs] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'attachments',
    });
    for (const bad of [{ title: '' }, { category: 'memo' }, { body: `<p>${'x'.repeat(20_001)}</p>` }, { sort: -1 }]) {
      expect((await call(t.app, editor, '/api/help-template/insert', doc(bad))).json().msg, JSON.stringify(bad).slice(0, 40)).toBe('PARAMETER_INVALID');
    }
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => upload(editor, `f${i}.pdf`)));
    expect(await refusal(t.app, editor, '/api/help-template/insert', doc({ attachments: files }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'attachments' });
  });

  it('deletes; each endpoint needs its code', async () => {
    const d = await ok<HelpTemplateDetail>(t.app, editor, '/api/help-template/insert', doc());
    const matrix: [Session, string, unknown, number][] = [
      [trainer, '/api/help-template/list', {}, 403],
      [trainer, '/api/help-template/insert', doc(), 403],
      [otherEditor, '/api/help-template/insert', doc(), 403],
      [otherEditor, '/api/help-template/delete', { ids: [d.id] }, 403],
      [outsider, '/api/help-template/published', {}, 403],
      [trainer, '/api/help-template/published', {}, 200],
      [editor, '/api/help-template/list', {}, 200],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
    }
    expect((await ok<HelpTemplateDetail>(t.app, otherEditor, '/api/help-template/get', { id: d.id })).abilities).toEqual({ modify: true, delete: false });
    expect(await ok(t.app, editor, '/api/help-template/delete', { ids: [d.id] })).toEqual({ count: 1 });
    expect(await refusal(t.app, editor, '/api/help-template/get', { id: d.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });
});
