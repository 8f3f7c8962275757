/**
 * Issue 8 point 14: over plain HTTP on a host other than localhost the browser has no
 * `crypto.subtle`; the login must still send a password the server can decrypt, and the
 * request signature must stay the same SHA-256.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rsaEncrypt, sha256Hex } from './crypto';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** Exactly what the server does (apps/server/src/platform/auth/rsa.ts). */
const serverDecrypt = (b64: string) =>
  crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');

/** A page in an insecure context: `crypto.getRandomValues` is there, `crypto.subtle` is not. */
function insecureContext() {
  const insecure = { getRandomValues: <T extends ArrayBufferView>(a: T) => crypto.getRandomValues(a) };
  vi.stubGlobal('crypto', insecure);
}

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['secure context (crypto.subtle)', () => {}],
  ['plain HTTP (no crypto.subtle)', insecureContext],
])('%s', (_name, setup) => {
  it('encrypts a password the server decrypts, a fresh ciphertext each time', async () => {
    setup();
    if (_name.startsWith('plain')) expect(globalThis.crypto.subtle).toBeUndefined();
    for (const password of ['Admin-1234', '密码Pässwörd-🙂', 'x'.repeat(150)]) {
      const a = await rsaEncrypt(publicKey, password);
      const b = await rsaEncrypt(publicKey, password);
      expect(a).not.toBe(b);
      expect(Buffer.from(a, 'base64')).toHaveLength(256);
      expect(serverDecrypt(a)).toBe(password);
      expect(serverDecrypt(b)).toBe(password);
    }
  });

  it('hashes the request signature input as SHA-256 hex', async () => {
    setup();
    for (const text of ['', '1' + '1700000000000' + 'abc' + 'hanlin', '学员🙂']) {
      expect(await sha256Hex(text)).toBe(crypto.createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});
