import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdBodySchema, IdsSchema, PositionInsertSchema, PositionListQuerySchema, PositionUpdateSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { PositionsService } from './positions.service.js';

export function registerPositionsRoutes(app: FastifyInstance, positions: PositionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['position'];
  // The user forms pick a post from this list too.
  r.post('/api/position/list', { config: { permission: ['gwgl', 'yhgl', 'xsgl'] }, schema: { tags, body: PositionListQuerySchema } }, async (req) =>
    ok(await positions.list(req.body)),
  );
  r.post('/api/position/get', { config: { permission: ['gwgl', 'yhgl', 'xsgl'] }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await positions.get(req.body.id)),
  );
  r.post('/api/position/insert', { config: { permission: ['gwgl:add'], operation: 'position.insert' }, schema: { tags, body: PositionInsertSchema } }, async (req) =>
    ok(await positions.insert(req.body)),
  );
  r.post('/api/position/update', { config: { permission: ['gwgl:modify'], operation: 'position.update' }, schema: { tags, body: PositionUpdateSchema } }, async (req) =>
    ok(await positions.update(req.body)),
  );
  r.post('/api/position/delete', { config: { permission: ['gwgl:delete'], operation: 'position.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await positions.remove(req.body.ids)),
  );
}
