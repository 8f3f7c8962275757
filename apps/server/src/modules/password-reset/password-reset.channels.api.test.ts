import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestApp, encrypt, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../users/index.js';
import { smsOutbox } from '../../platform/sms.schema.js';

// A fresh install: mail off (the default), no SMS provider; the site names its help desk.
const t = useTestApp({ SUPPORT_CONTACT: 'IT desk, ext. 1234' });
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
let n = 0;
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.4.0.${(n++ % 250) + 1}` });
async function person(fields: { email?: string; phone?: string }) {
  const u = await buildUser(t.db, { permissions: ['kc-pc'] });
  if (Object.keys(fields).length) await t.db.update(users).set(fields).where(eq(users.id, u.id));
  return u;
}

describe('step 1 on a fresh install', () => {
  it('says no channel is configured and whom to contact', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/reset/channels' });
    expect(res.json().data).toEqual({ channels: [], contact: 'IT desk, ext. 1234' });
  });

  it('checks the account exists (ACCOUNT_NOT_FOUND otherwise) and offers no channel for it', async () => {
    expect((await post('/api/auth/reset/check', { username: 'nobody-at-all' })).json()).toMatchObject({ msg: 'ACCOUNT_NOT_FOUND', field: 'username' });
    const u = await person({ email: `ch-${Date.now()}@example.com`, phone: '13600000001' });
    const res = await post('/api/auth/reset/check', { username: u.username });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ channels: [], contact: 'IT desk, ext. 1234', maskedEmail: null, maskedPhone: null });
  });

  it('offers e-mail once mail is enabled and configured', async () => {
    const u = await person({ email: `on-${Date.now()}@example.com` });
    const save = await call(t.app, admin, '/api/mail/settings/save', { host: '127.0.0.1', port: 9, secure: false, user: '', from: 'hanlin@example.com', enabled: true });
    expect(save.statusCode, save.body).toBe(200);
    try {
      expect((await post('/api/auth/reset/check', { username: u.username })).json().data).toMatchObject({
        channels: ['email'],
        maskedEmail: expect.stringContaining('***@example.com'),
      });
    } finally {
      await call(t.app, admin, '/api/mail/settings/save', { host: '127.0.0.1', port: 9, secure: false, user: '', from: 'hanlin@example.com', enabled: false });
    }
  });
});

describe('sending anyway', () => {
  it('writes the failed e-mail to the mail log and answers SEND_EMAIL_FAILED', async () => {
    const email = `fail-${Date.now()}@example.com`;
    const u = await person({ email });
    const res = await post('/api/auth/reset/send', { username: u.username, method: 'code' });
    expect(res.json().msg).toBe('SEND_EMAIL_FAILED');
    const log = (await call(t.app, admin, '/api/mail/log/list', { status: 'failed', keyword: email })).json().data.records;
    expect(log[0]).toMatchObject({ toAddress: email, status: 'failed', userId: u.id });
  });

  it('resets by a texted code (logged without a provider): code, new password, sign-in', async () => {
    const phone = '13600000009';
    const u = await person({ phone });
    const sent = await post('/api/auth/reset/send', { username: u.username, method: 'sms' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ maskedPhone: '136****0009' });
    const [row] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(row).toMatchObject({ purpose: 'reset', status: 'logged', userId: u.id });
    const verified = await post('/api/auth/reset/verify', { username: u.username, code: row!.code });
    expect(verified.statusCode, verified.body).toBe(200);
    const done = await post('/api/auth/reset/confirm', { resetToken: verified.json().data.resetToken, password: await encrypt(t.app, 'N3w-Passw0rd!') });
    expect(done.statusCode, done.body).toBe(200);
    expect((await postLogin(t.app, u.username, 'N3w-Passw0rd!')).statusCode).toBe(200);
  });

  it('answers NO_RESET_CHANNEL for a text to an account without a phone', async () => {
    const u = await person({});
    expect((await post('/api/auth/reset/send', { username: u.username, method: 'sms' })).json()).toMatchObject({ msg: 'NO_RESET_CHANNEL', field: 'method' });
  });
});
