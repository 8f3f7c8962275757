import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DictByTypeQuerySchema, DictEntryCreateSchema, DictEntryUpdateSchema, DictListQuerySchema, IdsSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { DictService } from './dict.service.js';

export function registerDictRoutes(app: FastifyInstance, dict: DictService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dict'];
  r.post('/api/dict/list', { config: { permission: ['zdgl'] }, schema: { tags, body: DictListQuerySchema } }, async (req) => ok(await dict.list(req.body)));
  r.post('/api/dict/insert', { config: { permission: ['zdgl:add'], operation: 'dict.insert' }, schema: { tags, body: DictEntryCreateSchema } }, async (req) =>
    ok(await dict.insert(req.body)),
  );
  r.post('/api/dict/update', { config: { permission: ['zdgl:modify'], operation: 'dict.update' }, schema: { tags, body: DictEntryUpdateSchema } }, async (req) =>
    ok(await dict.update(req.body)),
  );
  r.post('/api/dict/delete', { config: { permission: ['zdgl:delete'], operation: 'dict.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await dict.remove(req.body.ids)),
  );
  // Every signed-in page fills its dropdowns from here (spec: "Dictionary: list by type (GET, query type)").
  r.get('/api/dict/by-type', { config: { permission: 'authenticated' }, schema: { tags, querystring: DictByTypeQuerySchema } }, async (req) =>
    ok(await dict.byType(req.query.type)),
  );
}
