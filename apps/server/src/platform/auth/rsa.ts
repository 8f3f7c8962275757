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
    cached = { pair: pair as KeyPair, priv: crypto.createPrivateKey(pair.privateKey!) };
    return cached;
  }

  return {
    async publicKey(): Promise<string> {
      return (await load()).pair.publicKey;
    },
    /** RSA-OAEP (SHA-256) base64 ciphertext to plain text. */
    async decrypt(b64: string): Promise<string> {
      const { priv } = await load();
      try {
        return crypto.privateDecrypt({ key: priv, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');
      } catch {
        throw new AppError('PASSWORD_DECRYPT_ERROR', { field: 'password' });
      }
    },
  };
}
export type RsaKeys = ReturnType<typeof createRsaKeys>;

/** What a client does: encrypt with the public key (tests and benchmarks use it). */
export function encryptWithPublicKey(publicKeyPem: string, text: string): string {
  return crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
}
