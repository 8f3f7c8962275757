import crypto from 'node:crypto';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineAppRegistry } from '../../platform/use-registry.js';
import { createSettingIfAbsent, readSetting } from '../../platform/settings.js';

/**
 * Who may launch a package in a context. The uploader and courseware managers (`kjgl`, preview)
 * whose data scope holds the package's organization may
 * always; the module owning a context kind (the part of the context key before ':', e.g. 'course'
 * for 'course:12') registers who else may, such as the learners enrolled in that course.
 */
export type ScormLaunchRule = (
  principal: Principal,
  pkg: { id: number; uploadedBy: number | null },
  context: { key: string; kind: string; ref: string | null },
) => boolean | Promise<boolean>;

const launchRules = defineAppRegistry<ScormLaunchRule>('SCORM launch rule for');
export const scormLaunchRules = launchRules.of;
/** Registers who may launch packages in contexts of one kind ('course' covers 'course:<id>'). */
export const registerScormLaunchRule = launchRules.register;

export function parseContextKey(key: string): { key: string; kind: string; ref: string | null } {
  const i = key.indexOf(':');
  return i < 0 ? { key, kind: key, ref: null } : { key, kind: key.slice(0, i), ref: key.slice(i + 1) };
}

export async function mayLaunch(
  rules: ReadonlyMap<string, ScormLaunchRule>,
  principal: Principal,
  pkg: { id: number; uploadedBy: number | null },
  contextKey: string,
  /** Whether the package's organization lies in the caller's data scope (asked only of `kjgl` holders). */
  inScope: () => Promise<boolean>,
): Promise<boolean> {
  if (pkg.uploadedBy !== null && pkg.uploadedBy === principal.userId) return true;
  if (principal.permissions.has('kjgl') && (await inScope())) return true;
  const context = parseContextKey(contextKey);
  const rule = rules.get(context.kind);
  return rule ? await rule(principal, pkg, context) : false;
}

const SECRET_KEY = 'scorm.secret';
/** A content token lasts this long: a learning session, not a link to share. */
export const CONTENT_TOKEN_TTL_MS = 4 * 3600_000;

/**
 * Tokens in the content URL path (the iframe's requests carry no bearer header, and relative URLs
 * of the package keep the path): HMAC over package, user and expiry, secret in system_settings.
 */
export function createContentSigner(db: DbOrTx) {
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    secret ??= (async () => {
      await createSettingIfAbsent(db, SECRET_KEY, { secret: crypto.randomBytes(32).toString('hex') });
      const { secret: s } = await readSetting(db, SECRET_KEY, { secret: '' });
      return Buffer.from(s, 'hex');
    })().catch((e) => {
      secret = undefined;
      throw e;
    });
    return secret;
  };
  const mac = async (packageId: number, userId: number, exp: number) =>
    crypto
      .createHmac('sha256', await key())
      .update(`scorm:${packageId}:${userId}:${exp}`)
      .digest('base64url');

  return {
    async token(packageId: number, userId: number, now = Date.now()): Promise<string> {
      const exp = now + CONTENT_TOKEN_TTL_MS;
      return `${userId}.${exp}.${await mac(packageId, userId, exp)}`;
    },
    /** The user the token was given to, or null when it is forged, for another package or expired. */
    async verify(packageId: number, token: string): Promise<number | null> {
      const m = /^(\d{1,10})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const userId = Number(m[1]);
      const exp = Number(m[2]);
      if (exp < Date.now()) return null;
      const expected = Buffer.from(await mac(packageId, userId, exp));
      const got = Buffer.from(m[3]);
      return expected.length === got.length && crypto.timingSafeEqual(expected, got) ? userId : null;
    },
  };
}
export type ContentSigner = ReturnType<typeof createContentSigner>;
