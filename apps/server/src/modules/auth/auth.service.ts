import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { isPasswordAcceptable, type Login, type LoginResult } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Kv } from '../../platform/kv.js';
import type { RsaKeys } from '../../platform/auth/rsa.js';
import type { AuthSettings } from '../../platform/auth/login-settings.js';
import type { PrincipalLoader, Principal } from '../../platform/auth/principal.js';
import { tokenHash } from '../../platform/auth/principal.js';
import { hashPassword, initialPassword, PENDING_PASSWORD_HASH, verifyPassword } from '../../platform/auth/password.js';
import { insertLoginLog } from '../audit/audit.repository.js';
import { PERMISSION_TREE } from '@hanlin/shared';
import * as repo from './auth.repository.js';
import type { FileSigner } from '../uploads/uploads.signing.js';

const CAPTCHA_TTL_MS = 5 * 60_000;
const MANAGE_CODES = new Set(
  (function walk(nodes: readonly { code: string; actions?: readonly string[]; children?: readonly any[] }[]): string[] {
    return nodes.flatMap((n) => [n.code, ...(n.children ? walk(n.children) : [])]);
  })(PERMISSION_TREE.manage),
);

interface Deps {
  db: Db;
  kv: Kv;
  rsa: RsaKeys;
  settings: AuthSettings;
  principals: PrincipalLoader;
  /** Turns the stored avatar reference into a link an <img> can load. */
  files: Pick<FileSigner, 'publicUrlForRef'>;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export function createAuthService({ db, kv, rsa, settings, principals, files }: Deps) {
  async function refuse(name: Parameters<typeof insertLoginLog>[1]['result'] & string, user: { id: number | null; username: string }, client: ClientInfo, data?: unknown): Promise<never> {
    await insertLoginLog(db, { userId: user.id, username: user.username, ip: client.ip, userAgent: client.userAgent, result: name });
    throw new AppError(name as never, data === undefined ? {} : { data });
  }

  async function checkCaptcha(key: string | undefined, answer: string | undefined) {
    if (!key || !answer) return 'CAPTCHA_REQUIRED' as const;
    const stored = await kv.take(`captcha:${key}`);
    return stored && stored.toLowerCase() === answer.trim().toLowerCase() ? null : ('CAPTCHA_NOT_MATCH' as const);
  }

  return {
    publicKey: () => rsa.publicKey(),

    async captcha() {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1il', color: true });
      const captchaKey = crypto.randomUUID();
      await kv.set(`captcha:${captchaKey}`, c.text, CAPTCHA_TTL_MS);
      return { captchaKey, svg: c.data };
    },

    async login(input: Login, client: ClientInfo): Promise<LoginResult> {
      const cfg = await settings.login();
      const password = await rsa.decrypt(input.password);
      const user = await repo.findUserForLogin(db, input.username);
      const who = { id: user?.id ?? null, username: input.username };
      if (!user) return refuse('LOGIN_ERROR_NOT_MATCH', who, client);
      if (user.status !== 'normal') return refuse('LOGIN_ERROR_USER_FREEZED', who, client);
      const captchaNeeded = cfg.captchaEnabled && user.failedLogins >= cfg.captchaAfterFailures;
      if (captchaNeeded) {
        const bad = await checkCaptcha(input.captchaKey, input.captcha);
        if (bad) return refuse(bad, who, client, { captchaRequired: true });
      }
      const pendingInitial = user.passwordHash === PENDING_PASSWORD_HASH && password === initialPassword(user.username);
      if (pendingInitial) await repo.updatePassword(db, user.id, await hashPassword(password), true);
      if (!pendingInitial && !(await verifyPassword(user.passwordHash, password))) {
        const after = await repo.recordFailedLogin(db, user.id, cfg.maxWrongPasswords);
        if (after.status === 'frozen') {
          await principals.forgetTokens(await repo.endUserSessions(db, user.id, null, 'frozen'));
          return refuse('LOGIN_ERROR_OVER_MAX', who, client);
        }
        return refuse('LOGIN_ERROR_NOT_MATCH', who, client, {
          captchaRequired: cfg.captchaEnabled && after.failedLogins >= cfg.captchaAfterFailures,
          remaining: cfg.maxWrongPasswords - after.failedLogins,
        });
      }
      if (user.validUntil && user.validUntil.getTime() < Date.now()) return refuse('ACCOUNT_EXPIRED', who, client);

      const roles = await repo.findUserRoles(db, user.id);
      const usable = roles.filter((r) => r.status === 'normal' && r.canLogin);
      if (roles.length > 0 && roles.every((r) => r.status !== 'normal')) return refuse('LOGIN_ERROR_ROLE_FREEZED', who, client);
      if (usable.length === 0) return refuse('NO_LOGIN_PERMISSION', who, client);
      const operateAuth = [...new Set(usable.flatMap((r) => r.permissions))].sort();
      if (input.entry === 'manage' && !operateAuth.some((c) => MANAGE_CODES.has(c))) return refuse('NO_LOGIN_PERMISSION', who, client);

      const licence = await settings.licence();
      if (licence.expiresAt && new Date(licence.expiresAt).getTime() < Date.now()) return refuse('LICENSE_EXPIRE_ERROR', who, client);
      if (licence.maxOnline != null) {
        const online = await repo.countOnlineUsers(db, cfg.tokenIdleHours, user.id);
        if (!online.alreadyOnline && online.count >= licence.maxOnline) return refuse('LICENSE_ONLINE_COUNT_ERROR', who, client);
      }

      const token = crypto.randomBytes(32).toString('base64url');
      const signNumber = crypto.randomBytes(16).toString('hex');
      const platformType = 1;
      const replaced = await db.transaction(async (tx) => {
        await repo.resetFailedLogins(tx, user.id);
        const ended = cfg.singleSignOn ? await repo.endUserSessions(tx, user.id, platformType, 'replaced') : [];
        await repo.insertSession(tx, { tokenHash: tokenHash(token), userId: user.id, platformType, signNumber, ip: client.ip });
        return ended;
      });
      await principals.forgetTokens(replaced);
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
    },

    async logout(principal: Principal, body: { id: number; platformType: number }) {
      if (body.id !== principal.userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      await principals.forgetTokens(await repo.endSession(db, principal.sessionId, 'logout'));
    },

    async changePassword(principal: Principal, body: { oldPassword: string; newPassword: string }) {
      const oldPlain = await rsa.decrypt(body.oldPassword);
      const newPlain = await rsa.decrypt(body.newPassword);
      const row = await repo.getPasswordHash(db, principal.userId);
      if (!row || !(await verifyPassword(row.passwordHash, oldPlain))) throw new AppError('OLD_PASSWORD_ERROR', { field: 'oldPassword' });
      if (!isPasswordAcceptable(newPlain)) throw new AppError('PASSWORD_FORMAT_ERROR', { field: 'newPassword' });
      if (newPlain === oldPlain) throw new AppError('PASSWORD_SAME_AS_OLD', { field: 'newPassword' });
      await repo.updatePassword(db, principal.userId, await hashPassword(newPlain), false);
      await principals.forgetUsers([principal.userId]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
