import { authRoutes } from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { rsaEncrypt } from '../../platform/api/crypto';
import { session } from '../../platform/session';

export async function getPublicKey(): Promise<string> {
  const cached = session.get().publicKey;
  if (cached) return cached;
  const { publicKey } = await call(authRoutes.publicKey);
  session.set({ publicKey });
  return publicKey;
}

/** Encrypts a password for the wire; the key is fetched once per session. */
export async function encryptPassword(password: string): Promise<string> {
  return rsaEncrypt(await getPublicKey(), password);
}

export function getCaptcha() {
  return call(authRoutes.captcha);
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
  return call(authRoutes.login, body, { silent: true });
}

export function logout(input: { id: number }) {
  return call(authRoutes.logout, { id: input.id, platformType: 1 }, { silent: true });
}

/** Silent: the form puts a refusal on the field it names, or reports it. */
export async function modifyPassword(input: { oldPassword: string; newPassword: string }) {
  return call(
    authRoutes.changePassword,
    {
      oldPassword: await encryptPassword(input.oldPassword),
      newPassword: await encryptPassword(input.newPassword),
    },
    { silent: true },
  );
}
