import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CaptchaResultSchema, LoginResultSchema, LoginSchema, LogoutSchema, PasswordChangeSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { AuthService } from './auth.service.js';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, opts: { signSalt: () => Promise<string>; loginRatePerMinute: number }) {
  const LOGIN_RATE = { max: opts.loginRatePerMinute, timeWindow: '1 minute' };
  const signSalt = opts.signSalt;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/auth/public-key', { config: { permission: 'public' }, schema: { tags: ['auth'] } }, async () =>
    ok({ publicKey: await auth.publicKey(), signSalt: await signSalt() }),
  );
  r.get(
    '/api/auth/captcha',
    { config: { permission: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags: ['auth'], response: { 200: z.object({ code: z.number(), msg: z.string(), data: CaptchaResultSchema }) } } },
    async () => ok(await auth.captcha()),
  );
  r.post(
    '/api/auth/oauth/token',
    { config: { permission: 'public', rateLimit: LOGIN_RATE }, schema: { tags: ['auth'], body: LoginSchema, response: { 200: z.object({ code: z.number(), msg: z.string(), data: LoginResultSchema }) } } },
    async (req) => ok(await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] })),
  );
  r.post(
    '/api/auth/logout',
    { config: { permission: 'authenticated', beforePasswordChange: true, operation: 'auth.logout' }, schema: { tags: ['auth'], body: LogoutSchema } },
    async (req) => ok(await auth.logout(principalOf(req), req.body)),
  );
  r.post(
    '/api/auth/password/modify',
    {
      config: { permission: 'authenticated', beforePasswordChange: true, operation: 'auth.password.modify', rateLimit: LOGIN_RATE },
      schema: { tags: ['auth'], body: PasswordChangeSchema },
    },
    async (req) => ok(await auth.changePassword(principalOf(req), req.body)),
  );
}
