import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdBodySchema, ProfessionalInsertSchema, ProfessionalUpdateSchema, TreeSortSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { ProfessionalsService } from './professionals.service.js';

export function registerProfessionalsRoutes(app: FastifyInstance, professionals: ProfessionalsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['professional'];
  // The student form picks a major from this tree too.
  r.post('/api/professional/tree', { config: { permission: ['zygl', 'xsgl'] }, schema: { tags } }, async () => ok(await professionals.tree()));
  r.post('/api/professional/insert', { config: { permission: ['zygl:add'], operation: 'professional.insert' }, schema: { tags, body: ProfessionalInsertSchema } }, async (req) =>
    ok(await professionals.insert(req.body)),
  );
  r.post('/api/professional/update', { config: { permission: ['zygl:modify'], operation: 'professional.update' }, schema: { tags, body: ProfessionalUpdateSchema } }, async (req) =>
    ok(await professionals.update(req.body)),
  );
  r.post('/api/professional/delete', { config: { permission: ['zygl:delete'], operation: 'professional.delete' }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await professionals.remove(req.body.id)),
  );
  r.post('/api/professional/sort', { config: { permission: ['zygl:modify'], operation: 'professional.sort' }, schema: { tags, body: TreeSortSchema } }, async (req) =>
    ok(await professionals.sort(req.body)),
  );
}
