import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResetConfirmSchema, ResetSendSchema, ResetVerifySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { PasswordResetService } from './password-reset.service.js';

export function registerPasswordResetRoutes(app: FastifyInstance, svc: PasswordResetService, opts: { ratePerMinute: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: opts.ratePerMinute, timeWindow: '1 minute' };
  r.post(
    '/api/auth/reset/send',
    { config: { permission: 'public', operation: 'password-reset.send', rateLimit }, schema: { tags, body: ResetSendSchema } },
    async (req) => ok(await svc.send(req.body, { origin: req.headers.origin, host: req.headers.host })),
  );
  r.post(
    '/api/auth/reset/verify',
    { config: { permission: 'public', operation: 'password-reset.verify', rateLimit }, schema: { tags, body: ResetVerifySchema } },
    async (req) => ok(await svc.verify(req.body)),
  );
  r.post(
    '/api/auth/reset/confirm',
    { config: { permission: 'public', operation: 'password-reset.confirm', rateLimit }, schema: { tags, body: ResetConfirmSchema } },
    async (req) => ok(await svc.confirm(req.body)),
  );
}
