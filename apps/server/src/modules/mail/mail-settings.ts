import crypto from 'node:crypto';
import type { MailSettingsSave, MailSettingsView } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { readSetting, settingSecret, writeSetting } from '../../platform/settings.js';

const KEY = 'mail';
const SECRET_KEY = 'mail.secret';

/** Stored form of the SMTP settings; the password only as AES-256-GCM ciphertext. */
interface StoredMailSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  passwordEnc: string | null;
  from: string;
  enabled: boolean;
}

const DEFAULTS: StoredMailSettings = { host: '', port: 25, secure: false, user: '', passwordEnc: null, from: '', enabled: false };

/** The encryption key lives in system_settings, created once; concurrent first uses agree on one. */
async function secretKey(db: DbOrTx): Promise<Buffer> {
  return Buffer.from(await settingSecret(db, SECRET_KEY, 'key', () => crypto.randomBytes(32).toString('base64')), 'base64');
}

function encrypt(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

function decrypt(key: Buffer, stored: string): string | null {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

async function readStored(db: DbOrTx): Promise<StoredMailSettings> {
  return readSetting<StoredMailSettings>(db, KEY, DEFAULTS);
}

export async function getMailSettingsView(db: DbOrTx): Promise<MailSettingsView> {
  const s = await readStored(db);
  return { host: s.host, port: s.port, secure: s.secure, user: s.user, from: s.from, enabled: s.enabled, passwordSet: !!s.passwordEnc };
}

/** Saves the settings; an omitted password keeps the stored one, an empty one removes it. */
export async function saveMailSettings(db: DbOrTx, input: MailSettingsSave): Promise<MailSettingsView> {
  const current = await readStored(db);
  let passwordEnc = current.passwordEnc;
  if (input.password !== undefined) passwordEnc = input.password === '' ? null : encrypt(await secretKey(db), input.password);
  const next: StoredMailSettings = {
    host: input.host,
    port: input.port,
    secure: input.secure,
    user: input.user,
    passwordEnc,
    from: input.from,
    enabled: input.enabled,
  };
  await writeSetting(db, KEY, next);
  return getMailSettingsView(db);
}

export interface TransportSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  from: string;
}

/** What a transport needs, or why there is none (the reason goes into the mail log). */
export async function loadTransportSettings(db: DbOrTx): Promise<{ ok: true; settings: TransportSettings } | { ok: false; error: string }> {
  const s = await readStored(db);
  if (!s.enabled) return { ok: false, error: 'mail sending is disabled' };
  if (!s.host || !s.from) return { ok: false, error: 'mail is not configured' };
  let auth: TransportSettings['auth'];
  if (s.user) {
    const pass = s.passwordEnc ? decrypt(await secretKey(db), s.passwordEnc) : '';
    if (pass === null) return { ok: false, error: 'the stored SMTP password cannot be decrypted, save it again' };
    auth = { user: s.user, pass };
  }
  return { ok: true, settings: { host: s.host, port: s.port, secure: s.secure, auth, from: s.from } };
}
