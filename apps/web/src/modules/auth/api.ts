import type { DepartmentOption, LoginResult, RegistrationSubmit } from '@hanlin/shared';
import { api } from '../../platform/api/client';
import { rsaEncrypt } from '../../platform/api/crypto';
import { session } from '../../platform/session';

export async function getPublicKey(): Promise<string> {
  const cached = session.get().publicKey;
  if (cached) return cached;
  const { publicKey } = await api<{ publicKey: string }>('auth/public-key', undefined, { method: 'GET', anonymous: true });
  session.set({ publicKey });
  return publicKey;
}

/** Encrypts a password for the wire; the key is fetched once per session. */
export async function encryptPassword(password: string): Promise<string> {
  return rsaEncrypt(await getPublicKey(), password);
}

/** A stale key (server restarted) is dropped so the next attempt fetches a fresh one. */
export function forgetPublicKey() {
  session.set({ publicKey: null });
}

export function getCaptcha() {
  return api<{ captchaKey: string; svg: string }>('auth/captcha', undefined, { method: 'GET', anonymous: true });
}

export type Entry = 'manage' | 'student';

export async function login(input: { username: string; password: string; entry: Entry; captcha?: string; captchaKey?: string }) {
  const body = {
    username: input.username.trim(),
    password: await encryptPassword(input.password),
    grant_type: 'password' as const,
    scope: 'server' as const,
    entry: input.entry,
    ...(input.captchaKey ? { captcha: input.captcha, captchaKey: input.captchaKey } : {}),
  };
  return api<LoginResult>('auth/oauth/token', body, { anonymous: true, silent: true });
}

export function logout(input: { id: number }) {
  return api<unknown>('auth/logout', { id: input.id, platformType: 1 }, { silent: true });
}

export async function modifyPassword(input: { oldPassword: string; newPassword: string }) {
  return api<unknown>('auth/password/modify', {
    oldPassword: await encryptPassword(input.oldPassword),
    newPassword: await encryptPassword(input.newPassword),
  });
}

export function getDepartments() {
  return api<DepartmentOption[]>('auth/departments', undefined, { method: 'GET', anonymous: true, silent: true });
}

export async function register(input: Omit<RegistrationSubmit, 'kind'> & { kind?: RegistrationSubmit['kind'] }) {
  return api<unknown>('auth/register', { ...input, password: await encryptPassword(input.password) }, { anonymous: true });
}

export function sendReset(input: { username: string; method: 'code' | 'link' }) {
  return api<unknown>('auth/reset/send', input, { anonymous: true });
}

export function verifyReset(input: { username: string; code: string }) {
  return api<{ resetToken: string }>('auth/reset/verify', input, { anonymous: true });
}

export async function confirmReset(input: { resetToken: string; password: string }) {
  return api<unknown>(
    'auth/reset/confirm',
    { resetToken: input.resetToken, password: await encryptPassword(input.password) },
    { anonymous: true },
  );
}

export function setAvatar(input: { avatar: string }) {
  return api<unknown>('user/avatar', input);
}
