import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(200)]);

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.filename
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n`
      : `Content-Disposition: form-data; name="${p.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads as an avatar unless the query names another purpose. */
function upload(s: Session | null, file: { filename: string; data: Buffer; type?: string }, opts: { query?: string; fields?: Record<string, string> } = {}) {
  const parts = [...Object.entries(opts.fields ?? {}).map(([name, data]) => ({ name, data })), { name: 'file', ...file }];
  const { payload, contentType } = multipart(parts);
  const query = opts.query ?? '';
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/file${/purpose=/.test(query) ? query : `${query}${query ? '&' : '?'}purpose=avatar`}`,
    payload,
    headers: { ...(s ? s.headers() : {}), 'content-type': contentType },
  });
}
const download = (s: Session | null, url: string) => t.app.inject({ method: 'GET', url, headers: s ? s.headers() : {} });
const fileCount = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n;

describe('uploads', () => {
  it('round-trips an attachment with its UTF-8 name', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(300_000)]);
    const res = await upload(admin, { filename: '培训 报告.pdf', data, type: 'application/pdf' }, { query: '?purpose=feedback' });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect(f).toMatchObject({ name: '培训 报告.pdf', size: data.length, mime: 'application/pdf', url: `/api/upload/file/${f.id}` });
    expect(f.publicUrl).toBeUndefined();

    // Someone else's private file looks like no file at all.
    const student = await buildUser(t.db, { permissions: ['kc-pc'] });
    const ss = await login(t.app, student.username, student.password);
    expect((await download(ss, f.url)).json().msg).toBe('NOT_FOUND_ERROR');
    const got = await download(admin, f.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('培训 报告.pdf')}`);

    // Private files need a session.
    expect((await download(null, f.url)).statusCode).toBe(401);
    expect((await download(admin, '/api/upload/file/999999')).json().msg).toBe('NOT_FOUND_ERROR');
    // Stored under files/<yyyy>/<mm>/<uuid>.<ext>.
    const { rows } = await t.db.execute<{ key: string; uploaded_by: number }>(sql`select key, uploaded_by from files where public_id = ${f.id}`);
    expect(rows[0]!.key).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(rows[0]!.uploaded_by).toBe(admin.user.id);
  });

  it('offers unknown types as downloads, never inline', async () => {
    const res = await upload(admin, { filename: 'page.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' });
    const f = res.json().data;
    expect(f.mime).toBe('application/octet-stream');
    const got = await download(admin, f.url);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('accepts JPG/PNG images checked by content and gives a signed public link', async () => {
    const before = await fileCount();
    const res = await upload(admin, { filename: 'photo.JPG', data: JPG, type: 'image/jpeg' }, { query: '?kind=image' });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect(f.mime).toBe('image/jpeg');
    expect(f.publicUrl).toMatch(new RegExp(`^/api/upload/public/${f.id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    const exp = Number(new URL(f.publicUrl, 'http://x').searchParams.get('exp'));
    expect(exp).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 31 * 24 * 3600_000);

    const pub = await download(null, f.publicUrl);
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.equals(JPG)).toBe(true);
    expect(pub.headers['content-type']).toBe('image/jpeg');
    expect(pub.headers['content-disposition']).toMatch(/^inline;/);

    // `kind` as a form field before the file works too.
    const viaField = await upload(admin, { filename: 'p.png', data: PNG }, { fields: { kind: 'image' } });
    expect(viaField.json().data).toMatchObject({ mime: 'image/png' });
    expect(await fileCount()).toBe(before + 2);

    // The secret was created on first use and kept in system_settings.
    const { rows } = await t.db.execute<{ value: { secret: string } }>(sql`select value from system_settings where key = 'files.secret'`);
    expect(rows[0]!.value.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses public links with a bad signature, another id or an expired time', async () => {
    const f = (await upload(admin, { filename: 'p.png', data: PNG }, { query: '?kind=image' })).json().data;
    const other = (await upload(admin, { filename: 'q.png', data: PNG }, { query: '?kind=image' })).json().data;
    const u = new URL(f.publicUrl, 'http://x');
    const exp = u.searchParams.get('exp')!;
    const sig = u.searchParams.get('sig')!;
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    const { rows } = await t.db.execute<{ value: { secret: string } }>(sql`select value from system_settings where key = 'files.secret'`);
    const pastExp = Date.now() - 1000;
    const validButExpired = crypto.createHmac('sha256', Buffer.from(rows[0]!.value.secret, 'hex')).update(`${f.id}:${pastExp}`).digest('hex');
    for (const url of [
      `/api/upload/public/${f.id}?exp=${exp}&sig=${flipped}`,
      `/api/upload/public/${other.id}?exp=${exp}&sig=${sig}`,
      `/api/upload/public/${f.id}?exp=${Number(exp) + 1}&sig=${sig}`,
      `/api/upload/public/${f.id}?exp=${pastExp}&sig=${validButExpired}`,
      `/api/upload/public/${f.id}?exp=${exp}`,
      `/api/upload/public/${f.id}`,
      `/api/upload/public/${f.id}?exp=abc&sig=zz`,
    ]) {
      const res = await download(null, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    expect((await download(null, f.publicUrl)).statusCode).toBe(200);
  });

  it('refuses wrong image types and sizes, storing nothing', async () => {
    const before = await fileCount();
    const cases: [{ filename: string; data: Buffer }, string, string, number][] = [
      [{ filename: 'fake.png', data: Buffer.from('not really a png') }, '?kind=image', 'FILE_TYPE_ERROR', 400],
      [{ filename: 'real.gif', data: PNG }, '?kind=image', 'FILE_TYPE_ERROR', 400],
      [{ filename: 'noext', data: JPG }, '?kind=image', 'FILE_TYPE_ERROR', 400],
      [{ filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }, '?kind=image', 'FILE_TOO_LARGE', 413],
      [{ filename: 'huge.zip', data: Buffer.alloc(10 * 1024 * 1024 + 1) }, '', 'FILE_TOO_LARGE', 413],
      [{ filename: 'empty.txt', data: Buffer.alloc(0) }, '', 'PARAMETER_INVALID', 400],
      [{ filename: 'a.png', data: PNG }, '?kind=nope', 'PARAMETER_INVALID', 400],
      [{ filename: 'a.mp4', data: PNG }, '?kind=video', 'FILE_TYPE_ERROR', 400],
      [{ filename: 'report.pdf', data: Buffer.from('MZ this is an exe') }, '', 'FILE_TYPE_ERROR', 400],
    ];
    for (const [file, query, msg, status] of cases) {
      const res = await upload(admin, file, { query });
      expect(res.statusCode, `${file.filename}${query}: ${res.body}`).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    // Exactly 5 MB of image is still fine.
    const exact = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 - 8)]);
    expect((await upload(admin, { filename: 'edge.png', data: exact }, { query: '?kind=image' })).statusCode).toBe(200);
    expect(await fileCount()).toBe(before + 1);
  });

  it('refuses requests that are not a multipart file upload', async () => {
    const json = await call(t.app, admin, '/api/upload/file', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const wrongField = multipart([{ name: 'document', filename: 'a.txt', data: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      payload: wrongField.payload,
      headers: { ...admin.headers(), 'content-type': wrongField.contentType },
    });
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'file' });
    expect((await upload(null, { filename: 'a.txt', data: Buffer.from('x') })).statusCode).toBe(401);
  });

  it('accepts small base64 images', async () => {
    const b64 = (body: { name: string; data: string }, s: Session | null = admin) => call(t.app, s, '/api/upload/base64', { ...body, purpose: 'avatar' });
    const res = await b64({ name: 'avatar.png', data: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect(f).toMatchObject({ name: 'avatar.png', size: PNG.length, mime: 'image/png' });
    expect((await download(admin, f.url)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(null, f.publicUrl)).rawPayload.equals(PNG)).toBe(true);
    const plain = await b64({ name: 'a.jpg', data: JPG.toString('base64') });
    expect(plain.json().data.mime).toBe('image/jpeg');

    const notImage = await b64({ name: 'a.png', data: Buffer.from('hello').toString('base64') });
    expect(notImage.json().msg).toBe('FILE_TYPE_ERROR');
    const garbage = await b64({ name: 'a.png', data: '!!not base64!!' });
    expect(garbage.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'data' });
    expect((await b64({ name: '', data: 'AA==' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'name' });
    expect((await b64({ name: 'a.png', data: PNG.toString('base64') }, null)).statusCode).toBe(401);
  });
});
