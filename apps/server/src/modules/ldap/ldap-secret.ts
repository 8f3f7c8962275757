import crypto from 'node:crypto';
import type { DbOrTx } from '../../platform/db/client.js';
import { settingSecret } from '../../platform/settings.js';

const SECRET_KEY = 'ldap.secret';
const AAD = Buffer.from('hanlin:ldap.bindPassword');
const VERSION = 'v1';

/**
 * AES-256-GCM for the bind password at rest. The key lives in its own setting, created once;
 * every node reads the same key (the first writer wins, the others read it back).
 */
export function createLdapSecret(db: DbOrTx) {
  let key: Buffer | undefined;

  async function load(): Promise<Buffer> {
    if (key) return key;
    key = Buffer.from(await settingSecret(db, SECRET_KEY, 'key', () => crypto.randomBytes(32).toString('base64')), 'base64');
    return key;
  }

  return {
    async encrypt(plain: string): Promise<string> {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', await load(), iv);
      cipher.setAAD(AAD);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ct.toString('base64')].join('.');
    },
    /** Undefined when the value cannot be decrypted (key replaced or data damaged). */
    async decrypt(sealed: string): Promise<string | undefined> {
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== VERSION || !iv || !tag || ct === undefined) return undefined;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', await load(), Buffer.from(iv, 'base64'));
        decipher.setAAD(AAD);
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type LdapSecret = ReturnType<typeof createLdapSecret>;
