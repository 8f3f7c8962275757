import { z } from 'zod';
import { defineRoute } from './contract.js';
import { CaptchaResultSchema, LoginResultSchema, LoginSchema, LogoutSchema, PasswordChangeSchema, PhoneCodeSendSchema, PhoneLoginSchema } from './auth.js';

export const PublicKeyResultSchema = z.object({ publicKey: z.string(), signSalt: z.string() });

/** Sign-in, sign-out and the caller's password. */
export const authRoutes = {
  publicKey: defineRoute({ method: 'GET', path: '/api/auth/public-key', permission: 'public', response: PublicKeyResultSchema }),
  captcha: defineRoute({ method: 'GET', path: '/api/auth/captcha', permission: 'public', response: CaptchaResultSchema }),
  /** OAuth-style password grant: JSON or form-encoded, as OAuth clients send it. */
  login: defineRoute({ method: 'POST', path: '/api/auth/oauth/token', permission: 'public', body: LoginSchema, response: LoginResultSchema, formEncoded: true }),
  phoneCode: defineRoute({ method: 'POST', path: '/api/auth/phone-code', permission: 'public', body: PhoneCodeSendSchema, response: z.null() }),
  phoneLogin: defineRoute({ method: 'POST', path: '/api/auth/phone-login', permission: 'public', body: PhoneLoginSchema, response: LoginResultSchema }),
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
