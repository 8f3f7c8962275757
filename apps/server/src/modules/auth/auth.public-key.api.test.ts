/**
 * The login key pair (issue 11 point 12): a stored pair the server cannot use answers PUBLIC_KEY_ERROR on the
 * key fetch and on every call carrying an encrypted password, never a bare server error; ciphertext the
 * working key cannot decrypt (a key replaced since the page loaded, or garbage) stays PASSWORD_DECRYPT_ERROR
 * naming the field, the answer on which the web fetches the key again.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, encrypt, login, call, publicKey, TEST_ADMIN_PASSWORD } from '../../test/harness.js';
import { encryptWithPublicKey } from '../../platform/auth/rsa.js';
import { writeSetting } from '../../platform/settings.js';

const t = useTestApp();
const oauth = (password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/oauth/token', payload: { username: 'admin', password, grant_type: 'password', scope: 'server' } });

describe('a damaged stored key pair', () => {
  it('answers PUBLIC_KEY_ERROR on the key fetch and on login until the pair is usable again', async () => {
    // Damaged before anything loaded the pair (a broken restore, an edited row).
    await writeSetting(t.db, 'auth.rsa', { publicKey: 'not a key', privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' });
    const key = await t.app.inject({ method: 'GET', url: '/api/auth/public-key' });
    expect(key.statusCode).toBe(500);
    expect(key.json()).toMatchObject({ code: 2014, msg: 'PUBLIC_KEY_ERROR' });
    const signIn = await oauth(Buffer.from('whatever').toString('base64'));
    expect(signIn.json()).toMatchObject({ code: 2014, msg: 'PUBLIC_KEY_ERROR' });

    // The administrator removes the row: the next call creates a fresh pair and signing in works.
    await t.db.execute(sql`delete from system_settings where key = 'auth.rsa'`);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/public-key' })).statusCode).toBe(200);
    expect((await oauth(await encrypt(t.app, TEST_ADMIN_PASSWORD))).json().msg).toBe('OK');
  });
});

describe('ciphertext the key cannot decrypt', () => {
  it('is PASSWORD_DECRYPT_ERROR naming the field: garbage, or encrypted with another key', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const password of ['%%%garbage%%%', encryptWithPublicKey(other, TEST_ADMIN_PASSWORD)]) {
      const res = await oauth(password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PASSWORD_DECRYPT_ERROR', field: 'password' });
    }
    const admin = await login(t.app);
    const change = await call(t.app, admin, '/api/auth/password/modify', {
      oldPassword: await encrypt(t.app, TEST_ADMIN_PASSWORD),
      newPassword: encryptWithPublicKey(other, 'N3w-password!'),
    });
    expect(change.json()).toMatchObject({ msg: 'PASSWORD_DECRYPT_ERROR', field: 'newPassword' });
    expect(await publicKey(t.app)).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });
});
