import { z } from 'zod';
import { defineRoute } from './contract.js';
import { CaptchaResultSchema, LoginResultSchema, LoginSchema, LogoutSchema, PasswordChangeSchema } from './auth.js';

export const PublicKeyResultSchema = z.object({ publicKey: z.string(), signSalt: z.string() });

/** Sign-in, sign-out and the caller's password. */
export const authRoutes = {
  publicKey: defineRoute({ method: 'GET', path: '/api/auth/public-key', permission: 'public', response: PublicKeyResultSchema }),
  captcha: defineRoute({ method: 'GET', path: '/api/auth/captcha', permission: 'public', response: CaptchaResultSchema }),
  login: defineRoute({ method: 'POST', path: '/api/auth/oauth/token', permission: 'public', body: LoginSchema, response: LoginResultSchema }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    permission: 'authenticated',
    beforePasswordChange: true,
    operation: 'auth.logout',
    body: LogoutSchema,
    response: z.null(),
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/password/modify',
    permission: 'authenticated',
    beforePasswordChange: true,
    operation: 'auth.password.modify',
    body: PasswordChangeSchema,
    response: z.null(),
  }),
};
