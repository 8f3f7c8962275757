import crypto from 'node:crypto';
import { FILE_PUBLIC_ID_PATTERN, PUBLIC_URL_TTL_MS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { settingSecret } from '../../platform/settings.js';
import { publicIdsOf } from './uploads.repository.js';

const SECRET_KEY = 'files.secret';
const DAY_MS = 24 * 3600_000;

export type FileRef = { publicId: string } | { id: number };

/**
 * A reference to an uploaded file as stored in other records: `/api/upload/file/<uuid>` or a
 * public link; `/api/upload/file/12` (serial id) in records saved before files had public ids.
 */
export function fileRefOf(ref: string | null | undefined): FileRef | null {
  const m = ref ? /^\/api\/upload\/(?:file|public)\/([0-9a-f-]{36}|\d{1,10})(?:[?#].*)?$/.exec(ref) : null;
  if (!m) return null;
  if (FILE_PUBLIC_ID_PATTERN.test(m[1])) return { publicId: m[1] };
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? { id } : null;
}

/**
 * Signed links for <img> tags, which cannot send the bearer header: HMAC-SHA256 over public id and
 * expiry with a secret kept in system_settings (`files.secret`), created on first use.
 */
export function createFileSigner(db: DbOrTx) {
  let secret: Promise<Buffer> | undefined;

  async function loadSecret(): Promise<Buffer> {
    // Two nodes may start together: the first to store a secret wins and both read the winner.
    return Buffer.from(await settingSecret(db, SECRET_KEY, 'secret', () => crypto.randomBytes(32).toString('hex')), 'hex');
  }
  const key = () => {
    secret ??= loadSecret().catch((e) => {
      secret = undefined;
      throw e;
    });
    return secret;
  };
  const mac = async (id: string, exp: number) =>
    crypto
      .createHmac('sha256', await key())
      .update(`${id}:${exp}`)
      .digest('hex');

  return {
    /** Expiry rounded up to a whole day so the same image keeps the same link (browser cache). */
    async publicUrl(id: string, now = Date.now()): Promise<string> {
      const exp = Math.ceil((now + PUBLIC_URL_TTL_MS) / DAY_MS) * DAY_MS;
      return `/api/upload/public/${id}?exp=${exp}&sig=${await mac(id, exp)}`;
    },
    async verify(id: string, exp: string | undefined, sig: string | undefined): Promise<boolean> {
      if (!exp || !sig || !/^\d{1,16}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
      if (Number(exp) < Date.now()) return false;
      const expected = Buffer.from(await mac(id, Number(exp)), 'hex');
      return crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'));
    },
    /**
     * A token covering a whole folder of derived files (an HLS playlist and its segments, which the
     * player fetches by relative URL without our headers): `<exp>.<hmac>`, valid `ttlMs`, rounded
     * up to the hour so the same folder keeps the same URL for a while (browser cache).
     */
    async folderToken(folder: string, ttlMs: number, now = Date.now()): Promise<string> {
      const exp = Math.ceil((now + ttlMs) / 3600_000) * 3600_000;
      return `${exp}.${await mac(`folder:${folder}`, exp)}`;
    },
    async verifyFolderToken(folder: string, token: string): Promise<boolean> {
      const m = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(token);
      if (!m || Number(m[1]) < Date.now()) return false;
      const expected = Buffer.from(await mac(`folder:${folder}`, Number(m[1])), 'hex');
      return crypto.timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
    },
    /** A fresh public link for a stored file reference, or null when it is not an uploaded file. */
    async publicUrlForRef(ref: string | null | undefined): Promise<string | null> {
      const f = fileRefOf(ref);
      if (!f) return ref && /^https?:\/\//.test(ref) ? ref : null;
      if ('publicId' in f) return this.publicUrl(f.publicId);
      const publicId = (await publicIdsOf(db, [f.id])).get(f.id);
      return publicId ? this.publicUrl(publicId) : null;
    },
  };
}
export type FileSigner = ReturnType<typeof createFileSigner>;
