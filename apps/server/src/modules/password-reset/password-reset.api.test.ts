import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, encrypt, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../users/index.js';
import { mailLogs } from '../mail/index.js';
import { closedPort, sinkSettings, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { passwordResets } from './password-reset.schema.js';
import { maskEmail } from './password-reset.service.js';

const WEB = 'http://hanlin-web.test:5173';
const t = useTestApp({ CORS_ORIGINS: WEB, PORT: '8123' });
let admin: Session;
let sink: SmtpSink;
beforeAll(async () => {
  admin = await login(t.app);
  sink = await startSmtpSink();
  await call(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port));
});
afterAll(async () => {
  await sink?.close();
});

let n = 0;
async function userWithEmail(extra: { password?: string } = {}) {
  n += 1;
  const u = await buildUser(t.db, { username: `reset-${n}`, permissions: ['kc-pc'], ...extra });
  const email = `reset-${n}@example.com`;
  await t.db.update(users).set({ email }).where(eq(users.id, u.id));
  return { ...u, email };
}

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.3.0.${(n % 250) + 1}` });
const send = (username: string, method: 'code' | 'link', headers: Record<string, string> = {}) => post('/api/auth/reset/send', { username, method }, headers);
const verify = (username: string, code: string) => post('/api/auth/reset/verify', { username, code });
const confirm = async (resetToken: string, password: string) => post('/api/auth/reset/confirm', { resetToken, password: await encrypt(t.app, password) });

async function mailedCode(email: string, after = 0) {
  const m = await sink.waitFor((x) => x.to.includes(email) && sink.messages.indexOf(x) >= after);
  return /\b(\d{6})\b/.exec(m.text)![1]!;
}
async function mailedLink(email: string) {
  const m = await sink.waitFor((x) => x.to.includes(email));
  return /(https?:\/\/\S+\/reset-password\?token=([\w-]+))/.exec(m.text)!;
}

describe('reset by e-mailed code', () => {
  it('sends a code, verifies it, sets the new password; the old one stops working', async () => {
    const u = await userWithEmail();
    await t.db.update(users).set({ failedLogins: 3, firstLogin: true }).where(eq(users.id, u.id));
    const sent = await send(u.username, 'code');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ maskedEmail: maskEmail(u.email) });
    expect(sent.json().data.maskedEmail).toBe(`re***@example.com`);
    const m = await sink.waitFor((x) => x.to.includes(u.email));
    expect(m.subject).toContain('password reset');
    const code = await mailedCode(u.email);
    // The code is stored hashed only.
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await verify(u.username, code === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ msg: 'VERIFY_CODE_ERROR', field: 'code', data: { remaining: 4 } });
    const ok = await verify(u.username, code);
    expect(ok.statusCode).toBe(200);
    const { resetToken } = ok.json().data;
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    // A verified code cannot be verified again.
    expect((await verify(u.username, code)).json().msg).toBe('LINK_INVALID');

    expect((await confirm(resetToken, u.password)).json()).toMatchObject({ msg: 'PASSWORD_SAME_AS_OLD', field: 'password' });
    expect((await confirm(resetToken, 'short')).json()).toMatchObject({ msg: 'PASSWORD_FORMAT_ERROR', field: 'password' });
    const done = await confirm(resetToken, 'N3w-passw0rd');
    expect(done.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after).toMatchObject({ failedLogins: 0, firstLogin: false });

    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    const signed = await postLogin(t.app, u.username, 'N3w-passw0rd');
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.user.firstLogin).toBe(false);
    // The token works once.
    expect((await confirm(resetToken, 'An0ther-pass')).json()).toMatchObject({ msg: 'LINK_INVALID', field: 'resetToken' });
  });

  it('finds the account by e-mail too', async () => {
    const u = await userWithEmail();
    const res = await send(u.email.toUpperCase(), 'code');
    expect(res.statusCode).toBe(200);
    const code = await mailedCode(u.email);
    expect((await verify(u.email, code)).statusCode).toBe(200);
  });

  it('allows five attempts, even when they arrive together', async () => {
    const u = await userWithEmail();
    await send(u.username, 'code');
    const code = await mailedCode(u.email);
    const bad = code === '123456' ? '654321' : '123456';
    const results = await Promise.all(Array.from({ length: 8 }, () => verify(u.username, bad)));
    const msgs = results.map((r) => r.json().msg);
    expect(msgs.filter((m) => m === 'VERIFY_CODE_ERROR')).toHaveLength(5);
    expect(msgs.filter((m) => m === 'LINK_INVALID')).toHaveLength(3);
    expect((await verify(u.username, code)).json().msg).toBe('LINK_INVALID');
  });

  it('expires codes after their time and when a newer one is sent', async () => {
    const u = await userWithEmail();
    await send(u.username, 'code');
    const first = await mailedCode(u.email);
    const before = sink.messages.length;
    await send(u.username, 'code');
    const second = await mailedCode(u.email, before);
    // Only the newest code counts: the earlier one is now just a wrong code.
    if (first !== second) expect((await verify(u.username, first)).json().msg).toBe('VERIFY_CODE_ERROR');
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expect((await verify(u.username, second)).json().msg).toBe('LINK_INVALID');
    // Codes live ten minutes.
    await send(u.username, 'code');
    const [latest] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, u.id))
      .orderBy(sql`id desc`)
      .limit(1);
    const minutes = (latest!.expiresAt.getTime() - latest!.createdAt.getTime()) / 60000;
    expect(minutes).toBeCloseTo(10, 1);
  });
});

describe('reset by e-mailed link', () => {
  it('mails a link to the web app, ends open sessions and clears failed logins', async () => {
    const u = await userWithEmail();
    const session = await login(t.app, u.username, u.password);
    expect((await call(t.app, session, '/api/auth/logout', { id: 1, platformType: 1 })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    await t.db.update(users).set({ failedLogins: 2 }).where(eq(users.id, u.id));

    const res = await send(u.username, 'link', { origin: WEB });
    expect(res.statusCode).toBe(200);
    const [, link, token] = await mailedLink(u.email);
    expect(link).toBe(`${WEB}/reset-password?token=${token}`);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60000).toBeCloseTo(30, 1);
    // A link cannot be used as a code.
    expect((await verify(u.username, '123456')).json().msg).toBe('LINK_INVALID');

    expect((await confirm(token!, 'L1nk-reset!')).statusCode).toBe(200);
    const stale = await call(t.app, session, '/api/auth/logout', { id: u.id, platformType: 1 });
    expect(stale.json().msg).toBe('TOKEN_INVALID');
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.failedLogins).toBe(0);
    expect((await postLogin(t.app, u.username, 'L1nk-reset!')).statusCode).toBe(200);
    expect((await confirm(token!, 'L1nk-again!')).json().msg).toBe('LINK_INVALID');
  });

  it('points links from unknown origins at the server itself, whatever the Host header says', async () => {
    const u = await userWithEmail();
    await send(u.username, 'link', { origin: 'https://evil.example' });
    const [, link] = await mailedLink(u.email);
    expect(link.startsWith('http://localhost:8123/reset-password?token=')).toBe(true);
    const v = await userWithEmail();
    await send(v.username, 'link', { origin: 'http://hanlin.example:8080', host: 'hanlin.example:8080' });
    expect((await mailedLink(v.email))[1].startsWith('http://localhost:8123/reset-password?token=')).toBe(true);
  });

  it('refuses an expired link', async () => {
    const u = await userWithEmail();
    await send(u.username, 'link');
    const [, , token] = await mailedLink(u.email);
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expect((await confirm(token!, 'Exp1red-pass')).json().msg).toBe('LINK_INVALID');
    expect((await confirm('not-a-token', 'Exp1red-pass')).json().msg).toBe('LINK_INVALID');
    expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
  });

  it('uses a link once even when two confirmations race', async () => {
    const u = await userWithEmail();
    await send(u.username, 'link');
    const [, , token] = await mailedLink(u.email);
    const results = await Promise.all([confirm(token!, 'Race-pass-1'), confirm(token!, 'Race-pass-2')]);
    expect(results.map((r) => r.json().msg).sort()).toEqual(['LINK_INVALID', 'OK']);
  });
});

describe('account and input checks', () => {
  it('answers ACCOUNT_NOT_FOUND for unknown accounts, NO_RESET_CHANNEL for accounts without e-mail', async () => {
    expect((await send('nobody-here', 'code')).json()).toMatchObject({ msg: 'ACCOUNT_NOT_FOUND', field: 'username' });
    const noMail = await buildUser(t.db);
    expect((await send(noMail.username, 'link')).json().msg).toBe('NO_RESET_CHANNEL');
    expect((await verify('nobody-here', '123456')).json().msg).toBe('ACCOUNT_NOT_FOUND');
  });

  it('refuses bad input', async () => {
    for (const [url, body, field] of [
      ['/api/auth/reset/send', { username: 'admin', method: 'fax' }, 'method'],
      ['/api/auth/reset/send', { username: '', method: 'code' }, 'username'],
      ['/api/auth/reset/send', { username: 'u'.repeat(201), method: 'code' }, 'username'],
      ['/api/auth/reset/verify', { username: 'admin', code: '12ab56' }, 'code'],
      ['/api/auth/reset/verify', { username: 'admin', code: 123456 }, 'code'],
      ['/api/auth/reset/confirm', { resetToken: '', password: 'x' }, 'resetToken'],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });
});

describe('failed delivery', () => {
  it('answers SEND_EMAIL_FAILED, logs the mail, and an administrator resend delivers a code that still works', async () => {
    const u = await userWithEmail();
    await call(t.app, admin, '/api/mail/settings/save', sinkSettings(await closedPort()));
    const res = await send(u.username, 'code');
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('SEND_EMAIL_FAILED');
    const log = (await call(t.app, admin, '/api/mail/log/list', { status: 'failed', keyword: u.email })).json().data.records;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ toAddress: u.email, status: 'failed', userId: u.id });
    const [row] = await t.db.select().from(mailLogs).where(eq(mailLogs.id, log[0].id));
    expect(row!.error).toBeTruthy();

    await call(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port));
    expect((await call(t.app, admin, '/api/mail/log/resend', { ids: [log[0].id] })).json().data).toEqual({ sent: 1, failed: 0 });
    const code = await mailedCode(u.email);
    expect((await verify(u.username, code)).statusCode).toBe(200);
  });
});

describe('mail log', () => {
  it('keeps reset codes and links out of the mail log shown to administrators', async () => {
    const u = await userWithEmail();
    await send(u.username, 'code');
    const code = await mailedCode(u.email);
    const res = await call(t.app, admin, '/api/mail/log/list', { keyword: u.email });
    const records = res.json().data.records as { toAddress: string; body: string }[];
    expect(records.length).toBe(1);
    expect(records[0]!.body).toBe('');
    expect(res.body).not.toContain(code);
  });
});
