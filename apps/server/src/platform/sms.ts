import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { propOf } from '@hanlin/shared';
import type { DbOrTx } from './db/client.js';
import { smsOutbox } from './sms.schema.js';
import { AppError } from './errors.js';
import type { Kv } from './kv.js';
import { onlyRow } from './db/rows.js';

/** Why a verification code is texted (spec §7: phone code for login, registration and reset). */
export type SmsPurpose = 'login' | 'register' | 'reset';

export interface SmsCode {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  userId?: number | null;
}

export type SmsOutcome = { ok: true } | { ok: false; error: string };

/** A provider: delivers one text, never throws (the failure is reported). */
export interface SmsProvider {
  readonly name: string;
  /** False for the logging provider: nothing reaches a phone. */
  readonly delivers: boolean;
  deliver(msg: SmsCode): Promise<SmsOutcome>;
}

/** The SMS settings read from the environment (SMS_*). */
export interface SmsConfig {
  provider: 'log' | 'aliyun';
  aliyun?: AliyunSmsOptions;
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com/ unless set (a test points it at a local server). */
  endpoint: string;
  regionId: string;
}

/** SMS_PROVIDER=aliyun needs its four settings; anything else stops the start. */
export function loadSmsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = env.SMS_PROVIDER?.trim().toLowerCase() || 'log';
  if (provider === 'log') return { provider: 'log' };
  if (provider !== 'aliyun') throw new Error(`SMS_PROVIDER must be log or aliyun, got ${env.SMS_PROVIDER}`);
  const names = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'];
  const [accessKeyId, accessKeySecret, signName, templateCode] = names.map((k) => env[k]?.trim() ?? '');
  const need = names.filter((k) => !env[k]?.trim());
  if (need.length) throw new Error(`SMS_PROVIDER=aliyun needs ${need.join(', ')}`);
  return {
    provider: 'aliyun',
    aliyun: {
      accessKeyId,
      accessKeySecret,
      signName,
      templateCode,
      endpoint: env.SMS_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com/',
      regionId: env.SMS_REGION_ID?.trim() || 'cn-hangzhou',
    },
  };
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it (space %20, `*` %2A, `~` kept). */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/** Aliyun RPC signature (HMAC-SHA1 over the sorted, encoded parameters; SignatureVersion 1.0). */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
  const toSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return crypto.createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Aliyun SMS (Dysmsapi SendSms) over HTTPS; the template takes the code as `${code}`. */
export function createAliyunProvider(o: AliyunSmsOptions): SmsProvider {
  return {
    name: 'aliyun',
    delivers: true,
    async deliver(msg) {
      const params: Record<string, string> = {
        AccessKeyId: o.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: msg.phone,
        RegionId: o.regionId,
        SignName: o.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: o.templateCode,
        TemplateParam: JSON.stringify({ code: msg.code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: aliyunSignature('POST', params, o.accessKeySecret) });
      try {
        const res = await fetch(o.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        const answer: unknown = await res.json().catch(() => ({}));
        const code = propOf(answer, 'Code');
        if (res.ok && code === 'OK') return { ok: true };
        return { ok: false, error: `${res.status} ${String(code ?? '')} ${String(propOf(answer, 'Message') ?? '')}`.trim().slice(0, 1000) };
      } catch (e) {
        return { ok: false, error: (e instanceof Error ? e.message : String(e)).slice(0, 1000) };
      }
    },
  };
}

/**
 * Without a provider the code goes to the server log and the outbox table, where an operator
 * reads it (development, or a site without SMS).
 */
export function createLogProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'log',
    delivers: false,
    async deliver(msg) {
      log.info({ phone: msg.phone, purpose: msg.purpose, code: msg.code }, 'SMS not configured: verification code written to the log');
      return { ok: true };
    },
  };
}

export interface SmsSender {
  /** Whether texts reach phones (a provider is configured); forms offer the phone channel only then. */
  readonly delivers: boolean;
  /** Sends a code and writes an outbox row either way; the outcome says whether it went out. */
  send(msg: SmsCode): Promise<SmsOutcome & { outboxId: number }>;
}

/** The platform's SMS sender: the configured provider plus the outbox. */
export function createSmsSender(deps: { db: DbOrTx; log: Pick<FastifyBaseLogger, 'info'>; config: { sms: SmsConfig } }): SmsSender {
  const { sms } = deps.config;
  const provider = sms.provider === 'aliyun' && sms.aliyun ? createAliyunProvider(sms.aliyun) : createLogProvider(deps.log);
  return {
    delivers: provider.delivers,
    async send(msg) {
      const outcome = await provider.deliver(msg);
      const row = onlyRow(
        await deps.db
          .insert(smsOutbox)
          .values({
            phone: msg.phone,
            purpose: msg.purpose,
            provider: provider.name,
            status: !outcome.ok ? 'failed' : provider.delivers ? 'sent' : 'logged',
            // Only the logging provider keeps the code: it is the only way it reaches anyone.
            code: provider.delivers ? null : msg.code,
            error: outcome.ok ? null : outcome.error,
            userId: msg.userId ?? null,
          })
          .returning({ id: smsOutbox.id }),
      );
      return { ...outcome, outboxId: row.id };
    },
  };
}

const PHONE_CODE_TTL_MS = 10 * 60_000;
/** A code as `issue` keeps it in kv. */
const StoredCodeSchema = z.object({ hash: z.string(), attempts: z.number(), expiresAt: z.number() });
const PHONE_CODE_MAX_ATTEMPTS = 5;

/**
 * Texted verification codes kept in kv (hashed, 10 minutes, 5 guesses): `issue` sends one
 * (SEND_SMS_FAILED when the provider refuses, after the outbox row), `verify` spends it
 * (VERIFY_CODE_ERROR naming `field` when wrong, used up or expired).
 */
export function createPhoneCodes(deps: { kv: Kv; sender: SmsSender }) {
  const key = (purpose: SmsPurpose, phone: string) => `phonecode:${purpose}:${phone}`;
  const hash = (phone: string, code: string) => crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');
  return {
    async issue(phone: string, purpose: SmsPurpose, userId?: number | null) {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = Date.now() + PHONE_CODE_TTL_MS;
      await deps.kv.set(key(purpose, phone), JSON.stringify({ hash: hash(phone, code), attempts: 0, expiresAt }), PHONE_CODE_TTL_MS);
      const sent = await deps.sender.send({ phone, purpose, code, userId });
      if (!sent.ok) {
        await deps.kv.del(key(purpose, phone));
        throw new AppError('SEND_SMS_FAILED', { field: 'phone' });
      }
    },
    async verify(phone: string, purpose: SmsPurpose, code: string | undefined, field = 'phoneCode') {
      const raw = code ? await deps.kv.get(key(purpose, phone)) : null;
      if (!raw || !code) throw new AppError('VERIFY_CODE_ERROR', { field });
      const stored = StoredCodeSchema.parse(JSON.parse(raw));
      if (stored.hash === hash(phone, code)) {
        await deps.kv.del(key(purpose, phone));
        return;
      }
      const attempts = stored.attempts + 1;
      const left = stored.expiresAt - Date.now();
      if (attempts >= PHONE_CODE_MAX_ATTEMPTS || left <= 0) await deps.kv.del(key(purpose, phone));
      else await deps.kv.set(key(purpose, phone), JSON.stringify({ ...stored, attempts }), left);
      throw new AppError('VERIFY_CODE_ERROR', { field, data: { remaining: Math.max(0, PHONE_CODE_MAX_ATTEMPTS - attempts) } });
    },
  };
}
export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
