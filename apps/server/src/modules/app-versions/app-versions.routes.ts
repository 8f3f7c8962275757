import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppVersionCreateSchema,
  AppVersionListQuerySchema,
  AppVersionPublicQuerySchema,
  AppVersionUpdateSchema,
  IdSchema,
  IdsSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { AppVersionsService } from './app-versions.service.js';

export function registerAppVersionsRoutes(app: FastifyInstance, versions: AppVersionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['app-version'];

  // Public page `/manage-version`.
  r.post(
    '/api/app-version/list',
    { config: { permission: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { tags, body: AppVersionPublicQuerySchema } },
    async (req) => ok(await versions.publicList(req.body)),
  );

  r.post('/api/app-version/manage-list', { config: { permission: ['bbgl'] }, schema: { tags, body: AppVersionListQuerySchema } }, async (req) =>
    ok(await versions.list(req.body)),
  );
  r.post(
    '/api/app-version/getbyid/:id',
    { config: { permission: ['bbgl'] }, schema: { tags, params: z.object({ id: IdSchema }) } },
    async (req) => ok(await versions.get(req.params.id)),
  );
  r.post(
    '/api/app-version/insert',
    { config: { permission: ['bbgl:add'], operation: 'app-version.insert' }, schema: { tags, body: AppVersionCreateSchema } },
    async (req) => ok(await versions.create(req.body)),
  );
  r.post(
    '/api/app-version/update',
    { config: { permission: ['bbgl:modify'], operation: 'app-version.update' }, schema: { tags, body: AppVersionUpdateSchema } },
    async (req) => ok(await versions.update(req.body)),
  );
  r.post(
    '/api/app-version/delete',
    { config: { permission: ['bbgl:delete'], operation: 'app-version.delete' }, schema: { tags, body: IdsSchema } },
    async (req) => ok(await versions.remove(req.body.ids)),
  );
}
