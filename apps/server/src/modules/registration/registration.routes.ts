import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdBodySchema,
  RegistrationApproveSchema,
  RegistrationListQuerySchema,
  RegistrationRefuseSchema,
  RegistrationSubmitSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { RegistrationService } from './registration.service.js';

const REGISTER_RATE = { max: 10, timeWindow: '1 minute' };

export function registerRegistrationRoutes(app: FastifyInstance, svc: RegistrationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];
  // Public side of `/registered`.
  r.get('/api/auth/departments', { config: { permission: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags } }, async () =>
    ok(await svc.departments()),
  );
  r.post(
    '/api/auth/register',
    { config: { permission: 'public', operation: 'registration.submit', rateLimit: REGISTER_RATE }, schema: { tags, body: RegistrationSubmitSchema } },
    async (req) => ok(await svc.submit(req.body)),
  );
  // Back office: registered users awaiting approval.
  r.post('/api/registration/list', { config: { permission: ['zcyh'] }, schema: { tags, body: RegistrationListQuerySchema } }, async (req) =>
    ok(await svc.list(principalOf(req), req.body)),
  );
  r.post('/api/registration/get', { config: { permission: ['zcyh'] }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await svc.get(principalOf(req), req.body.id)),
  );
  r.post(
    '/api/registration/approve',
    { config: { permission: ['zcyh:approve'], operation: 'registration.approve' }, schema: { tags, body: RegistrationApproveSchema } },
    async (req) => ok(await svc.approve(principalOf(req), req.body.ids)),
  );
  r.post(
    '/api/registration/refuse',
    { config: { permission: ['zcyh:approve'], operation: 'registration.refuse' }, schema: { tags, body: RegistrationRefuseSchema } },
    async (req) => ok(await svc.refuse(principalOf(req), req.body.ids, req.body.reason)),
  );
}
