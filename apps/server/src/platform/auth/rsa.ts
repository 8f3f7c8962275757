import crypto from 'node:crypto';
import type { DbOrTx } from '../db/client.js';
import { createSettingIfAbsent, readSetting } from '../settings.js';
import { AppError } from '../errors.js';

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The login key pair lives in the database so that every node decrypts what any node's
 * public key encrypted: one pair per installation, created once on first use and never
 * overwritten by a start (nodes cache it; replacing it means restarting every node).
 */
export function createRsaKeys(db: DbOrTx) {
  let cached: { pair: KeyPair; priv: crypto.KeyObject } | undefined;

  async function load() {
    if (cached) return cached;
    let pair = await readSetting<Partial<KeyPair>>(db, 'auth.rsa', {});
    if (!pair.publicKey || !pair.privateKey) {
      const generated = crypto.generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      // Only the first writer wins; a node that lost the race uses the stored pair.
      await createSettingIfAbsent(db, 'auth.rsa', generated);
      pair = await readSetting<Partial<KeyPair>>(db, 'auth.rsa', {});
    }
    const { publicKey, privateKey } = pair;
    // A stored pair missing a half cannot be used (see `usablePair`).
    if (!publicKey || !privateKey) throw new AppError('PUBLIC_KEY_ERROR');
    const complete = { publicKey, privateKey };
    cached = { pair: complete, priv: usablePair(complete) };
    return cached;
  }

  return {
    async publicKey(): Promise<string> {
      return (await load()).pair.publicKey;
    },
    /**
     * RSA-OAEP (SHA-256) base64 ciphertext to plain text. Ciphertext this key cannot open (garbage, or encrypted
     * with a key replaced since the page loaded) is PASSWORD_DECRYPT_ERROR naming `field`: the web fetches the
     * key again. A stored pair that cannot be used at all is PUBLIC_KEY_ERROR (see `usablePair`).
     */
    async decrypt(b64: string, field = 'password'): Promise<string> {
      const { priv } = await load();
      try {
        return crypto.privateDecrypt({ key: priv, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');
      } catch {
        throw new AppError('PASSWORD_DECRYPT_ERROR', { field });
      }
    },
  };
}
export type RsaKeys = ReturnType<typeof createRsaKeys>;

/**
 * The private key of a stored pair, after checking that both halves parse and belong together. A damaged
 * pair (a broken restore, an edited row) answers PUBLIC_KEY_ERROR ("contact the administrator") and is not
 * cached; deleting the `auth.rsa` setting lets the next call create a fresh pair.
 */
function usablePair(pair: KeyPair): crypto.KeyObject {
  try {
    const priv = crypto.createPrivateKey(pair.privateKey);
    const derived = crypto.createPublicKey(priv).export({ type: 'spki', format: 'der' });
    const published = crypto.createPublicKey(pair.publicKey).export({ type: 'spki', format: 'der' });
    if (derived.equals(published)) return priv;
  } catch {
    // reported below
  }
  // A 500 domain error: logged with the route and request id.
  throw new AppError('PUBLIC_KEY_ERROR');
}

/** What a client does: encrypt with the public key (tests and benchmarks use it). */
export function encryptWithPublicKey(publicKeyPem: string, text: string): string {
  return crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
}
