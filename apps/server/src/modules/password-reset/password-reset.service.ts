import crypto from 'node:crypto';
import {
  isPasswordAcceptable,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  RESET_LINK_TTL_MINUTES,
  type ResetChannel,
  type ResetChannels,
  type ResetCheckResult,
  type ResetConfirm,
  type ResetSend,
  type ResetVerify,
} from '@hanlin/shared';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { RsaKeys } from '../../platform/auth/rsa.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/auth/password.js';
import type { Credentials } from '../../platform/auth/credentials.js';
import type { Mailer } from '../mail/index.js';
import type { SmsSender } from '../../platform/sms.js';
import * as repo from './password-reset.repository.js';

/** Minutes a verified code's reset token stays valid for step 3. */
const VERIFIED_TOKEN_TTL_MINUTES = 10;

interface Deps {
  db: Db;
  rsa: RsaKeys;
  mailer: Pick<Mailer, 'send' | 'ready'>;
  sms: Pick<SmsSender, 'send' | 'delivers'>;
  credentials: Pick<Credentials, 'hash' | 'setPassword'>;
  config: Pick<Config, 'corsOrigins' | 'port' | 'publicUrl' | 'supportContact'>;
}

/** Where the request came from, as far as it says so. */
export interface RequestOrigin {
  origin?: string;
  host?: string;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const codeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

function sameHash(a: string, b: string) {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** `al***@example.com`: enough to recognise the mailbox, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}***${email.slice(at)}`;
}

/** `138****5678`. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '****' : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function createPasswordResetService({ db, rsa, mailer, sms, credentials, config }: Deps) {
  /** The channels the site can verify with (mail enabled and configured; an SMS provider). */
  async function siteChannels(): Promise<ResetChannels> {
    const channels: ResetChannel[] = [];
    if (await mailer.ready()) channels.push('email');
    if (sms.delivers) channels.push('sms');
    return { channels, contact: config.supportContact ?? null };
  }

  async function findAccountOrFail(username: string) {
    const user = await repo.findAccount(db, username);
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'username' });
    return user;
  }

  /**
   * The web app's address for the e-mailed link: the request's origin only when it is a configured
   * one (the Host header is the client's to choose, so it never decides where a reset token goes),
   * else PUBLIC_URL, else the server itself.
   */
  function linkOrigin(req: RequestOrigin): string {
    if (req.origin && config.corsOrigins.includes(req.origin)) return req.origin;
    return config.publicUrl ?? `http://localhost:${config.port}`;
  }

  return {
    channels: siteChannels,

    /** Step 1: the account exists, and how it can be verified (none: the page names whom to contact). */
    async check(username: string): Promise<ResetCheckResult> {
      const user = await findAccountOrFail(username);
      const site = await siteChannels();
      const channels = site.channels.filter((c) => (c === 'email' ? !!user.email : !!user.phone));
      return {
        channels,
        contact: site.contact,
        maskedEmail: user.email && channels.includes('email') ? maskEmail(user.email) : null,
        maskedPhone: user.phone && channels.includes('sms') ? maskPhone(user.phone) : null,
      };
    },

    async send(input: ResetSend, req: RequestOrigin) {
      const user = await findAccountOrFail(input.username);
      if (input.method === 'sms') {
        if (!user.phone) throw new AppError('NO_RESET_CHANNEL', { field: 'method' });
        await repo.expireOpenResets(db, user.id);
        const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
        await repo.insertReset(db, { userId: user.id, codeHash: codeHash(user.id, code), tokenHash: null, ttlMinutes: RESET_CODE_TTL_MINUTES });
        // The outbox keeps the attempt either way; a refused text leaves no usable code behind.
        const sent = await sms.send({ phone: user.phone, purpose: 'reset', code, userId: user.id });
        if (!sent.ok) {
          await repo.expireOpenResets(db, user.id);
          throw new AppError('SEND_SMS_FAILED', { data: { outboxId: sent.outboxId } });
        }
        return { maskedPhone: maskPhone(user.phone) };
      }
      if (!user.email) throw new AppError('NO_RESET_CHANNEL', { field: 'method' });
      await repo.expireOpenResets(db, user.id);
      const email = { secret: true, to: user.email, subject: '翰林 - 重置密码 / Hanlin - password reset', userId: user.id };
      if (input.method === 'code') {
        const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
        await repo.insertReset(db, { userId: user.id, codeHash: codeHash(user.id, code), tokenHash: null, ttlMinutes: RESET_CODE_TTL_MINUTES });
        await mailer.send({
          ...email,
          text:
            `您好 ${user.username}，您的密码重置验证码是 ${code}，${RESET_CODE_TTL_MINUTES} 分钟内有效。\n` +
            `Hello ${user.username}, your password reset code is ${code}. It is valid for ${RESET_CODE_TTL_MINUTES} minutes.\n` +
            'If you did not ask for it, ignore this e-mail.',
        });
      } else {
        const token = crypto.randomBytes(32).toString('base64url');
        await repo.insertReset(db, { userId: user.id, codeHash: null, tokenHash: sha256(token), ttlMinutes: RESET_LINK_TTL_MINUTES });
        const link = `${linkOrigin(req)}/reset-password?token=${token}`;
        await mailer.send({
          ...email,
          text:
            `您好 ${user.username}，请在 ${RESET_LINK_TTL_MINUTES} 分钟内打开以下链接重置密码：\n${link}\n\n` +
            `Hello ${user.username}, open this link within ${RESET_LINK_TTL_MINUTES} minutes to reset your password:\n${link}\n\n` +
            'If you did not ask for it, ignore this e-mail.',
        });
      }
      return { maskedEmail: maskEmail(user.email) };
    },

    /** Step 2 (code method): a right code answers the token of step 3. */
    async verify(input: ResetVerify) {
      const user = await repo.findAccount(db, input.username);
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'username' });
      const attempt = await repo.claimCodeAttempt(db, user.id);
      if (!attempt) throw new AppError('LINK_INVALID', { field: 'code' });
      if (!sameHash(attempt.code_hash, codeHash(user.id, input.code))) {
        throw new AppError('VERIFY_CODE_ERROR', { field: 'code', data: { remaining: RESET_CODE_MAX_ATTEMPTS - attempt.attempts } });
      }
      const resetToken = crypto.randomBytes(32).toString('base64url');
      if (!(await repo.convertToToken(db, attempt.id, sha256(resetToken), VERIFIED_TOKEN_TTL_MINUTES))) {
        throw new AppError('LINK_INVALID', { field: 'code' });
      }
      return { resetToken };
    },

    /** Step 3: the new password; the token works once, and every open session of the user ends. */
    async confirm(input: ResetConfirm) {
      const reset = await repo.findValidToken(db, sha256(input.resetToken));
      if (!reset) throw new AppError('LINK_INVALID', { field: 'resetToken' });
      const password = await rsa.decrypt(input.password);
      if (!isPasswordAcceptable(password)) throw new AppError('PASSWORD_FORMAT_ERROR', { field: 'password' });
      const account = await repo.findAccountById(db, reset.userId);
      // The account went away (or was emptied) since the code or link was sent.
      if (!account) throw new AppError('RESET_PASSWORD_FAILED', { field: 'resetToken' });
      if (await verifyPassword(account.passwordHash, password)) throw new AppError('PASSWORD_SAME_AS_OLD', { field: 'password' });
      const stored = await credentials.hash(password);
      await db.transaction(async (tx) => {
        // The account is locked before the token is spent: one deleted meanwhile fails the reset, not the link.
        if (!(await repo.lockAccount(tx, reset.userId))) throw new AppError('RESET_PASSWORD_FAILED', { field: 'resetToken' });
        if (!(await repo.consumeToken(tx, reset.id))) throw new AppError('LINK_INVALID', { field: 'resetToken' });
        await credentials.setPassword(tx, reset.userId, stored, { mustChange: false, endSessions: 'password_reset' });
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
