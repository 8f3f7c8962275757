import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isPasswordAcceptable, licenceExpired, propOf, type ErrorName, type Lang, type Login, type LoginResult, type PhoneCodeSend, type PhoneLogin } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { isConnectionError } from '../../platform/db/pg-errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Kv } from '../../platform/kv.js';
import type { RsaKeys } from '../../platform/auth/rsa.js';
import { NO_LICENCE as NO_LIMITS, type AuthSettings, type LoginSettings } from '../../platform/auth/login-settings.js';
import type { Principal } from '../../platform/auth/principal.js';
import { tokenHash } from '../../platform/auth/principal.js';
import { hashPassword, initialPassword, PENDING_PASSWORD_HASH, verifyPassword } from '../../platform/auth/password.js';
import type { Sessions } from '../../platform/auth/sessions.js';
import type { Credentials } from '../../platform/auth/credentials.js';
import { insertLoginLog } from '../audit/index.js';
import { sendMessage } from '../messages/index.js';
import { clearExpiredLock, recordFailedLogin, recordSuccessfulLogin } from '../users/index.js';
import { PERMISSION_TREE, permissionCodes } from '@hanlin/shared';
import * as repo from './auth.repository.js';
import type { FileSigner } from '../uploads/index.js';
import type { PhoneCodes } from '../../platform/sms.js';

type LoginUser = NonNullable<Awaited<ReturnType<typeof repo.findUserForLogin>>>;

const CAPTCHA_TTL_MS = 5 * 60_000;
/** How long the failure count of a name without an account is remembered (an account's lasts until a success). */
const UNKNOWN_NAME_TTL_MS = 24 * 3600_000;
const MANAGE_CODES = new Set(permissionCodes(PERMISSION_TREE.manage, { groups: true }));
/** The failures of a name without an account as kept in kv (`recordUnknownFailure`). */
const UnknownNameSchema = z.object({ failed: z.number(), lockedUntil: z.number().nullable() });

interface Deps {
  db: Db;
  kv: Kv;
  rsa: RsaKeys;
  settings: AuthSettings;
  sessions: Sessions;
  credentials: Credentials;
  /** Turns the stored avatar reference into a link an <img> can load. */
  files: Pick<FileSigner, 'publicUrlForRef'>;
  /** Texted codes (spec §7 phone code for login and registration). */
  phoneCodes: PhoneCodes;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The interface language the login came in (`Accept-Language`), when one of ours. */
  language?: Lang | null;
}

/** Failure count and lock of a login name; an account keeps it in `users`, a name without one in kv. */
interface FailureState {
  failed: number;
  lockedUntil: Date | null;
}

export function createAuthService({ db, kv, rsa, settings, sessions, credentials, files, phoneCodes, log }: Deps) {
  // Unknown names are checked against a hash nobody knows the password of, so they take as long as real ones.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64')));

  // A name without an account fails, asks for a captcha and locks exactly as an account does, so
  // the answers do not tell which names exist.
  const unknownKey = (username: string) => `login:unknown:${crypto.createHash('sha256').update(username.toLowerCase()).digest('hex')}`;
  async function unknownState(username: string): Promise<FailureState> {
    const raw = await kv.get(unknownKey(username));
    const v = raw ? UnknownNameSchema.parse(JSON.parse(raw)) : { failed: 0, lockedUntil: null };
    return { failed: v.failed, lockedUntil: v.lockedUntil === null ? null : new Date(v.lockedUntil) };
  }
  async function recordUnknownFailure(username: string, limits: { max: number; lockMinutes: number }, before: FailureState): Promise<FailureState> {
    const failed = before.failed + 1;
    const lockedUntil = failed >= limits.max && limits.lockMinutes > 0 ? new Date(Date.now() + limits.lockMinutes * 60_000) : before.lockedUntil;
    const ttl = Math.max(UNKNOWN_NAME_TTL_MS, lockedUntil ? lockedUntil.getTime() - Date.now() : 0);
    await kv.set(unknownKey(username), JSON.stringify({ failed, lockedUntil: lockedUntil?.getTime() ?? null }), ttl);
    return { failed, lockedUntil };
  }

  /** Tells the administrators of the account's organization that wrong passwords locked it. */
  async function notifyLocked(user: { id: number; username: string; realname: string; kind: string; orgId: number }, cfg: LoginSettings, client: ClientInfo) {
    try {
      const admins = await repo.findAdministratorsOf(db, user.orgId, user.kind === 'student' ? 'xsgl' : 'yhgl');
      if (!admins.length) return;
      const until =
        cfg.lockMinutes > 0 ? `已锁定 ${cfg.lockMinutes} 分钟 / locked for ${cfg.lockMinutes} minutes` : '已冻结，需管理员解冻 / frozen until an administrator unfreezes it';
      await sendMessage(db, {
        to: admins,
        kind: 'account',
        title: `账号已锁定 / Account locked: ${user.username}`,
        content: `${user.username}（${user.realname}）连续 ${cfg.maxWrongPasswords} 次密码错误，${until}。IP ${client.ip}。 / ${user.username} (${user.realname}) had ${cfg.maxWrongPasswords} wrong passwords in a row, ${until}. IP ${client.ip}.`,
      });
    } catch (err) {
      // The login answer does not depend on the notice; the login log row records the lock anyway.
      log?.error({ code: propOf(err, 'code'), userId: user.id }, 'lock notice not sent');
    }
  }

  async function refuse(name: ErrorName, user: { id: number | null; username: string }, client: ClientInfo, data?: unknown): Promise<never> {
    await insertLoginLog(db, { userId: user.id, username: user.username, ip: client.ip, userAgent: client.userAgent, result: name });
    throw new AppError(name, data === undefined ? {} : { data });
  }

  async function checkCaptcha(key: string | undefined, answer: string | undefined) {
    if (!key || !answer) return 'CAPTCHA_REQUIRED' as const;
    const stored = await kv.take(`captcha:${key}`);
    return stored && stored.toLowerCase() === answer.trim().toLowerCase() ? null : ('CAPTCHA_NOT_MATCH' as const);
  }

  /** After the password (or a texted code) is proven: the account, its roles, the entry and the licence decide. */
  async function admit(user: LoginUser, entry: Login['entry'], cfg: LoginSettings, client: ClientInfo): Promise<LoginResult> {
    const who = { id: user.id, username: user.username };
    // Only the holder of the password learns that the account is frozen or expired.
    if (user.status !== 'normal') return refuse('LOGIN_ERROR_USER_FREEZED', who, client);
    if (user.validUntil && user.validUntil.getTime() < Date.now()) return refuse('ACCOUNT_EXPIRED', who, client);

    const roles = await repo.findUserRoles(db, user.id);
    const usable = roles.filter((r) => r.status === 'normal' && r.canLogin);
    // A frozen role that would have let the user in (at all, or through this entry) is named as the reason.
    const frozen = roles.filter((r) => r.status !== 'normal' && r.canLogin);
    if (usable.length === 0) return refuse(frozen.length ? 'LOGIN_ERROR_ROLE_FREEZED' : 'NO_LOGIN_PERMISSION', who, client);
    const operateAuth = [...new Set(usable.flatMap((r) => r.permissions))].sort();
    if (entry === 'manage' && !operateAuth.some((c) => MANAGE_CODES.has(c))) {
      if (frozen.some((r) => r.permissions.some((c) => MANAGE_CODES.has(c)))) return refuse('LOGIN_ERROR_ROLE_FREEZED', who, client);
      // Students, lecturers and class teachers come in through the student entry (then switch ends there).
      return refuse('NO_LOGIN_PERMISSION', who, client, { entry: 'student' });
    }

    // Whoever installs licences (xkz) still signs in when the licence refuses others: they are the ones who renew it.
    const licence = operateAuth.includes('xkz') ? NO_LIMITS : await settings.licence();
    if (licence.state === 'invalid') return refuse('LICENSE_ERROR', who, client);
    if (licenceExpired(licence, new Date())) return refuse('LICENSE_EXPIRE_ERROR', who, client);
    if (licence.maxOnline != null) {
      const online = await repo.countOnlineUsers(db, cfg.tokenIdleHours, user.id);
      if (!online.alreadyOnline && online.count >= licence.maxOnline) return refuse('LICENSE_ONLINE_COUNT_ERROR', who, client);
    }

    const token = crypto.randomBytes(32).toString('base64url');
    const signNumber = crypto.randomBytes(16).toString('hex');
    const platformType = 1;
    await db.transaction(async (tx) => {
      await recordSuccessfulLogin(tx, user.id, client.language ?? null);
      if (cfg.singleSignOn) await sessions.endSessions(tx, [user.id], 'replaced', { platformType });
      await repo.insertSession(tx, { tokenHash: tokenHash(token), userId: user.id, platformType, signNumber, ip: client.ip });
    });
    await insertLoginLog(db, { userId: user.id, username: user.username, ip: client.ip, userAgent: client.userAgent, result: 'OK' });
    return {
      access_token: token,
      signNumber,
      user: {
        id: user.id,
        username: user.username,
        realname: user.realname,
        avatar: await files.publicUrlForRef(user.avatar),
        operateAuth,
        authorities: usable.map((r) => r.name),
        firstLogin: cfg.firstLoginChange && user.firstLogin,
      },
    };
  }

  /**
   * A login that fails for a reason no other code covers (a write refused, a bug) answers
   * LOGIN_FAILED and leaves a login log row, instead of a bare server error; refusals with their own
   * code, and a database that cannot be reached (503), pass through.
   */
  async function orLoginFailed<T>(username: string, client: ClientInfo, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof AppError || isConnectionError(e)) throw e;
      log?.error({ err: e, username }, 'login failed');
      const user = await repo.findUserForLogin(db, username).catch(() => undefined);
      await insertLoginLog(db, { userId: user?.id ?? null, username, ip: client.ip, userAgent: client.userAgent, result: 'LOGIN_FAILED' }).catch(() => undefined);
      throw new AppError('LOGIN_FAILED');
    }
  }

  async function passwordLogin(input: Login, client: ClientInfo): Promise<LoginResult> {
    const cfg = await settings.login();
    const limits = { max: cfg.maxWrongPasswords, lockMinutes: cfg.lockMinutes };
    const password = await rsa.decrypt(input.password);
    const user = await repo.findUserForLogin(db, input.username);
    const who = { id: user?.id ?? null, username: input.username };

    let state: FailureState = user ? { failed: user.failedLogins, lockedUntil: user.lockedUntil } : await unknownState(input.username);
    // A lockout whose time has passed: the count starts again.
    if (state.failed >= limits.max && state.lockedUntil && state.lockedUntil.getTime() <= Date.now()) {
      if (user) await clearExpiredLock(db, user.id);
      else await kv.del(unknownKey(input.username));
      state = { failed: 0, lockedUntil: null };
    }
    if (cfg.captchaEnabled && state.failed >= cfg.captchaAfterFailures) {
      const bad = await checkCaptcha(input.captchaKey, input.captcha);
      if (bad) return refuse(bad, who, client, { captchaRequired: true });
    }
    // Locked: no password is tried, the right one included, until the time has passed.
    if (state.failed >= limits.max && state.lockedUntil && state.lockedUntil.getTime() > Date.now()) return refuse('LOGIN_ERROR_OVER_MAX', who, client);

    const pendingInitial = !!user && user.passwordHash === PENDING_PASSWORD_HASH && password === initialPassword(user.username);
    const stored = user && user.passwordHash !== PENDING_PASSWORD_HASH ? user.passwordHash : await dummy();
    // Verified even without an account (against the dummy hash), so both take as long.
    const verified = pendingInitial || (await verifyPassword(stored, password));
    const passwordOk = !!user && verified;
    if (!passwordOk) {
      let after: FailureState;
      if (user) {
        const row = await recordFailedLogin(db, user.id, limits);
        after = { failed: row.failedLogins, lockedUntil: row.lockedUntil };
        // This failure reached the limit (each lock is announced once).
        if (row.failedLogins >= limits.max && row.failedLogins - 1 < limits.max) {
          if (limits.lockMinutes === 0) {
            // Frozen until an administrator unfreezes it: its open sessions end too.
            await sessions.endSessions(db, [user.id], 'locked');
          }
          // Not awaited: the answer takes as long as for a name without an account.
          void notifyLocked(user, cfg, client);
        }
      } else {
        after = await recordUnknownFailure(input.username, limits, state);
      }
      if (after.failed >= limits.max) return refuse('LOGIN_ERROR_OVER_MAX', who, client);
      return refuse('LOGIN_ERROR_NOT_MATCH', who, client, {
        captchaRequired: cfg.captchaEnabled && after.failed >= cfg.captchaAfterFailures,
        remaining: limits.max - after.failed,
      });
    }
    if (pendingInitial) await credentials.completePending(db, user.id, password);
    return admit(user, input.entry, cfg, client);
  }

  /** Signing in with a texted code: the code stands for the password; the account checks are the same. */
  async function codeLogin(input: PhoneLogin, client: ClientInfo): Promise<LoginResult> {
    const cfg = await settings.login();
    const owner = await repo.findUserByPhone(db, input.phone);
    const who = { id: owner?.id ?? null, username: owner?.username ?? input.phone };
    try {
      await phoneCodes.verify(input.phone, 'login', input.phoneCode);
    } catch (e) {
      await insertLoginLog(db, { userId: who.id, username: who.username, ip: client.ip, userAgent: client.userAgent, result: 'VERIFY_CODE_ERROR' });
      throw e;
    }
    const user = owner && (await repo.findUserForLogin(db, owner.username));
    if (!user) return refuse('ACCOUNT_NOT_FOUND', who, client);
    // A lockout after wrong passwords holds for codes too.
    if (user.failedLogins >= cfg.maxWrongPasswords && (!user.lockedUntil || user.lockedUntil.getTime() > Date.now())) {
      return refuse('LOGIN_ERROR_OVER_MAX', who, client);
    }
    return admit(user, input.entry, cfg, client);
  }

  return {
    publicKey: () => rsa.publicKey(),

    async captcha() {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1il', color: true });
      const captchaKey = crypto.randomUUID();
      await kv.set(`captcha:${captchaKey}`, c.text, CAPTCHA_TTL_MS);
      return { captchaKey, svg: c.data };
    },

    /**
     * Until the password is proven, an unknown name, a wrong password, a frozen and an expired
     * account all answer alike: the state of an account is told only to whoever knows its password.
     */
    login: (input: Login, client: ClientInfo): Promise<LoginResult> => orLoginFailed(input.username, client, () => passwordLogin(input, client)),

    /** Sends a texted code: for signing in (the phone must be an account's) or registering (it must be free). */
    async sendPhoneCode(input: PhoneCodeSend) {
      const owner = await repo.findUserByPhone(db, input.phone);
      if (input.purpose === 'login' && !owner) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'phone' });
      if (input.purpose === 'register' && owner) throw new AppError('DUPLICATE_PHONE', { field: 'phone' });
      await phoneCodes.issue(input.phone, input.purpose, owner?.id ?? null);
    },

    /** Signing in with a texted code: the code stands for the password; the account checks are the same. */
    phoneLogin: (input: PhoneLogin, client: ClientInfo): Promise<LoginResult> => orLoginFailed(input.phone, client, () => codeLogin(input, client)),

    async logout(principal: Principal, body: { id: number; platformType: number }) {
      if (body.id !== principal.userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      await sessions.endSession(db, principal.sessionId, 'logout');
    },

    async changePassword(principal: Principal, body: { oldPassword: string; newPassword: string }) {
      const oldPlain = await rsa.decrypt(body.oldPassword, 'oldPassword');
      const newPlain = await rsa.decrypt(body.newPassword, 'newPassword');
      const row = await repo.getPasswordHash(db, principal.userId);
      if (!row || !(await verifyPassword(row.passwordHash, oldPlain))) throw new AppError('OLD_PASSWORD_ERROR', { field: 'oldPassword' });
      if (!isPasswordAcceptable(newPlain)) throw new AppError('PASSWORD_FORMAT_ERROR', { field: 'newPassword' });
      if (newPlain === oldPlain) throw new AppError('PASSWORD_SAME_AS_OLD', { field: 'newPassword' });
      const stored = await credentials.hash(newPlain);
      // Whoever else holds a session of this account (perhaps the reason for the change) is signed out; this one goes on.
      await db.transaction((tx) =>
        credentials.setPassword(tx, principal.userId, stored, { mustChange: false, endSessions: 'password', exceptSessionId: principal.sessionId }),
      );
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
