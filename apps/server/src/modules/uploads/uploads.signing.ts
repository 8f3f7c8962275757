import crypto from 'node:crypto';
import { PUBLIC_URL_TTL_MS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { readSetting } from '../../platform/settings.js';
import { systemSettings } from '../settings/settings.schema.js';

const SECRET_KEY = 'files.secret';
const DAY_MS = 24 * 3600_000;

/** A reference to an uploaded file as stored in other records (`/api/upload/file/12` or a public link). */
export function fileIdOfRef(ref: string | null | undefined): number | null {
  const m = ref ? /^\/api\/upload\/(?:file|public)\/(\d{1,10})(?:[?#].*)?$/.exec(ref) : null;
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}

/**
 * Signed links for <img> tags, which cannot send the bearer header: HMAC-SHA256 over id and
 * expiry with a secret kept in system_settings (`files.secret`), created on first use.
 */
export function createFileSigner(db: DbOrTx) {
  let secret: Promise<Buffer> | undefined;

  async function loadSecret(): Promise<Buffer> {
    let { secret: s } = await readSetting(db, SECRET_KEY, { secret: '' });
    if (!s) {
      // Two nodes may start together: the first insert wins and both read the winner.
      await db
        .insert(systemSettings)
        .values({ key: SECRET_KEY, value: { secret: crypto.randomBytes(32).toString('hex') } })
        .onConflictDoNothing();
      ({ secret: s } = await readSetting(db, SECRET_KEY, { secret: '' }));
    }
    return Buffer.from(s, 'hex');
  }
  const key = () => {
    secret ??= loadSecret().catch((e) => {
      secret = undefined;
      throw e;
    });
    return secret;
  };
  const mac = async (id: number, exp: number) => crypto.createHmac('sha256', await key()).update(`${id}:${exp}`).digest('hex');

  return {
    /** Expiry rounded up to a whole day so the same image keeps the same link (browser cache). */
    async publicUrl(id: number, now = Date.now()): Promise<string> {
      const exp = Math.ceil((now + PUBLIC_URL_TTL_MS) / DAY_MS) * DAY_MS;
      return `/api/upload/public/${id}?exp=${exp}&sig=${await mac(id, exp)}`;
    },
    async verify(id: number, exp: string | undefined, sig: string | undefined): Promise<boolean> {
      if (!exp || !sig || !/^\d{1,16}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
      if (Number(exp) < Date.now()) return false;
      const expected = Buffer.from(await mac(id, Number(exp)), 'hex');
      return crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'));
    },
    /** A fresh public link for a stored file reference, or null when it is not an uploaded file. */
    async publicUrlForRef(ref: string | null | undefined): Promise<string | null> {
      const id = fileIdOfRef(ref);
      return id ? this.publicUrl(id) : ref && /^https?:\/\//.test(ref) ? ref : null;
    },
  };
}
export type FileSigner = ReturnType<typeof createFileSigner>;

