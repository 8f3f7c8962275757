import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { systemSettings } from '../../platform/settings.schema.js';
import { isAppError } from '../../platform/errors.js';
import { createMailer } from './mailer.js';
import { mailLogs } from './mail.schema.js';
import { closedPort, sinkSettings, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';

const t = useTestApp();
let admin: Session;
let sink: SmtpSink;
beforeAll(async () => {
  admin = await login(t.app);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const save = (body: Record<string, unknown>, s: Session = admin) => call(t.app, s, '/api/mail/settings/save', body);
const list = (body: Record<string, unknown> = {}) => call(t.app, admin, '/api/mail/log/list', body);

describe('mail settings', () => {
  it('start empty and disabled, store the password encrypted and never return it', async () => {
    const initial = await call(t.app, admin, '/api/mail/settings/get');
    expect(initial.json().data).toEqual({ host: '', port: 25, secure: false, user: '', from: '', enabled: false, passwordSet: false });

    const saved = await save(sinkSettings(sink.port, { user: 'mailer', password: 'smtp-Secret-9' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...sinkSettings(sink.port, { user: 'mailer' }), passwordSet: true });
    expect(saved.body).not.toContain('smtp-Secret-9');
    const got = await call(t.app, admin, '/api/mail/settings/get');
    expect(got.body).not.toContain('smtp-Secret-9');
    expect(got.json().data.passwordSet).toBe(true);

    const [stored] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'mail'));
    expect(JSON.stringify(stored!.value)).not.toContain('smtp-Secret-9');
    expect((stored!.value as { passwordEnc: string }).passwordEnc).toMatch(/^v1:/);
    const [secret] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'mail.secret'));
    expect(Buffer.from((secret!.value as { key: string }).key, 'base64')).toHaveLength(32);

    // Saving without a password keeps it; an empty one removes it.
    expect((await save(sinkSettings(sink.port, { user: 'mailer' }))).json().data.passwordSet).toBe(true);
    expect((await save(sinkSettings(sink.port, { password: '' }))).json().data.passwordSet).toBe(false);
  });

  it('decrypts the stored password when the SMTP server asks for it', async () => {
    const authSink = await startSmtpSink({ auth: true });
    try {
      await save(sinkSettings(authSink.port, { user: 'relay-user', password: 'relay-Pass-1' }));
      await createMailer({ db: t.db }).send({ to: 'auth-check@example.com', subject: 'auth', text: 'hello' });
      const m = await authSink.waitFor((x) => x.to.includes('auth-check@example.com'));
      expect(m.auth).toEqual({ username: 'relay-user', password: 'relay-Pass-1' });
    } finally {
      await authSink.close();
      await save(sinkSettings(sink.port, { password: '' }));
    }
  });

  it('refuses bad settings with the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [sinkSettings(70000), 'port'],
      [sinkSettings(25, { port: '25' }), 'port'],
      [sinkSettings(25, { host: 'h'.repeat(201) }), 'host'],
      [sinkSettings(25, { enabled: 'yes' }), 'enabled'],
      [sinkSettings(25, { password: 'p'.repeat(201) }), 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/mail/settings/get')).json().data.port).toBe(sink.port);
  });
});

describe('createMailer', () => {
  it('delivers through the configured server and logs the mail as sent', async () => {
    const user = await buildUser(t.db);
    const row = await createMailer({ db: t.db }).send({ to: 'ok@example.com', subject: '欢迎 Welcome', text: '你好 body-1', userId: user.id });
    expect(row).toMatchObject({ toAddress: 'ok@example.com', subject: '欢迎 Welcome', status: 'sent', attempts: 1, read: false, userId: user.id, error: null });
    expect(row.sentAt).not.toBeNull();
    const m = await sink.waitFor((x) => x.to.includes('ok@example.com'));
    expect(m.subject).toBe('欢迎 Welcome');
    expect(m.text).toContain('你好 body-1');
    expect(m.from).toBe('noreply@hanlin.test');
  });

  it('logs a failed delivery, then throws SEND_EMAIL_FAILED', async () => {
    await save(sinkSettings(await closedPort()));
    try {
      let caught: unknown;
      await createMailer({ db: t.db })
        .send({ to: 'down@example.com', subject: 'down', text: 'x' })
        .catch((e) => (caught = e));
      expect(isAppError(caught) && caught.errorName).toBe('SEND_EMAIL_FAILED');
      const [row] = await t.db.select().from(mailLogs).where(eq(mailLogs.toAddress, 'down@example.com'));
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);

      await save(sinkSettings(sink.port, { enabled: false }));
      await createMailer({ db: t.db })
        .send({ to: 'disabled@example.com', subject: 'off', text: 'x' })
        .catch(() => undefined);
      const [off] = await t.db.select().from(mailLogs).where(eq(mailLogs.toAddress, 'disabled@example.com'));
      expect(off).toMatchObject({ status: 'failed', error: 'mail sending is disabled' });
    } finally {
      await save(sinkSettings(sink.port));
    }
  });
});

describe('mail log', () => {
  it('lists with filters, marks read and resends failed mails once the settings are fixed', async () => {
    await t.db.execute(sql`delete from mail_logs`);
    const mailer = createMailer({ db: t.db });
    await mailer.send({ to: 'log-a@example.com', subject: 'Alpha', text: 'a' });
    await save(sinkSettings(await closedPort()));
    for (const to of ['log-b@example.com', 'log-c@example.com']) await mailer.send({ to, subject: 'Beta', text: 'b' }).catch(() => undefined);

    const all = (await list({ sort: '-id' })).json().data;
    expect(all.total).toBe(3);
    expect(all.records.map((r: { toAddress: string }) => r.toAddress)).toEqual(['log-c@example.com', 'log-b@example.com', 'log-a@example.com']);
    const failed = (await list({ status: 'failed' })).json().data;
    expect(failed.records.map((r: { toAddress: string }) => r.toAddress).sort()).toEqual(['log-b@example.com', 'log-c@example.com']);
    expect((await list({ keyword: 'alp' })).json().data.records.map((r: { subject: string }) => r.subject)).toEqual(['Alpha']);
    expect((await list({ keyword: '%' })).json().data.total).toBe(0);
    const paged = (await list({ page: 2, size: 2, sort: 'id' })).json().data;
    expect(paged).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(paged.records).toHaveLength(1);

    const ids = failed.records.map((r: { id: number }) => r.id);
    const read = await call(t.app, admin, '/api/mail/log/read', { ids: [ids[0]] });
    expect(read.json().data).toEqual({ updated: 1 });
    expect((await list({ read: true })).json().data.records.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await list({ read: false })).json().data.total).toBe(2);

    // Still broken: the resend fails again and counts the attempt.
    const again = await call(t.app, admin, '/api/mail/log/resend', { ids });
    expect(again.json().data).toEqual({ sent: 0, failed: 2 });
    expect((await list({ status: 'failed' })).json().data.records.every((r: { attempts: number }) => r.attempts === 2)).toBe(true);

    await save(sinkSettings(sink.port));
    const before = sink.messages.length;
    const fixed = await call(t.app, admin, '/api/mail/log/resend', { ids: [...ids, all.records[2].id] });
    expect(fixed.json().data).toEqual({ sent: 2, failed: 0 });
    await sink.waitFor((m) => m.to.includes('log-b@example.com'));
    await sink.waitFor((m) => m.to.includes('log-c@example.com'));
    expect(sink.messages.length - before).toBe(2);
    const after = (await list({ status: 'sent' })).json().data.records;
    expect(after).toHaveLength(3);
    expect(after.find((r: { toAddress: string }) => r.toAddress === 'log-b@example.com')).toMatchObject({ attempts: 3, error: null });
    // Sent mails are not sent twice.
    expect((await call(t.app, admin, '/api/mail/log/resend', { ids })).json().data).toEqual({ sent: 0, failed: 0 });
  });

  it('delivers a failed mail only once when two resends race', async () => {
    await save(sinkSettings(await closedPort()));
    await createMailer({ db: t.db })
      .send({ to: 'race@example.com', subject: 'Race', text: 'r' })
      .catch(() => undefined);
    const [row] = await t.db.select().from(mailLogs).where(eq(mailLogs.toAddress, 'race@example.com'));
    await save(sinkSettings(sink.port));
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, admin, '/api/mail/log/resend', { ids: [row!.id] })));
    expect(results.reduce((n, r) => n + r.json().data.sent, 0)).toBe(1);
    // Each resend answers after its SMTP exchange, and the sink keeps a mail before acknowledging it:
    // once the three calls answered, every delivery that happened is in the sink.
    expect(sink.messages.filter((m) => m.to.includes('race@example.com'))).toHaveLength(1);
  });

  it('refuses bad list and id input', async () => {
    for (const [url, body, field] of [
      ['/api/mail/log/list', { status: 'lost' }, 'status'],
      ['/api/mail/log/list', { read: 'yes' }, 'read'],
      ['/api/mail/log/list', { size: 501 }, 'size'],
      ['/api/mail/log/resend', { ids: [] }, 'ids'],
      ['/api/mail/log/read', { ids: ['x'] }, 'ids.0'],
    ] as const) {
      const res = await call(t.app, admin, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });
});

describe('authorization', () => {
  it('needs yjrz to read the log, yjrz:batch to resend, cspz:modify to change the settings', async () => {
    const none = await buildUser(t.db, { permissions: ['yhgl'] });
    const reader = await buildUser(t.db, { permissions: ['yjrz'] });
    const batch = await buildUser(t.db, { permissions: ['yjrz', 'yjrz:batch'] });
    const config = await buildUser(t.db, { permissions: ['cspz', 'cspz:modify'] });
    const [sNone, sReader, sBatch, sConfig] = await Promise.all([none, reader, batch, config].map((u) => login(t.app, u.username, u.password)));
    const status = async (s: Session | null, url: string, body: unknown) => (await call(t.app, s, url, body)).statusCode;
    const ids = { ids: [1] };
    const matrix: [string, unknown, Session | null, number][] = [
      ['/api/mail/log/list', {}, null, 401],
      ['/api/mail/log/list', {}, sNone, 403],
      ['/api/mail/log/list', {}, sReader, 200],
      ['/api/mail/log/read', ids, sNone, 403],
      ['/api/mail/log/read', ids, sReader, 200],
      ['/api/mail/log/resend', ids, sReader, 403],
      ['/api/mail/log/resend', ids, sBatch, 200],
      ['/api/mail/settings/get', {}, sNone, 403],
      ['/api/mail/settings/get', {}, sReader, 200],
      ['/api/mail/settings/get', {}, sConfig, 200],
      ['/api/mail/settings/save', sinkSettings(sink.port), sReader, 403],
      ['/api/mail/settings/save', sinkSettings(sink.port), sBatch, 403],
      ['/api/mail/settings/save', sinkSettings(sink.port), sConfig, 200],
    ];
    for (const [url, body, s, expected] of matrix) expect(await status(s, url, body), `${url} ${s?.user.username ?? 'anonymous'}`).toBe(expected);
  });
});
