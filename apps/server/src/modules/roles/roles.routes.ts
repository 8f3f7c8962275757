import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdBodySchema, IdsSchema, PERMISSION_TREE, RoleInsertSchema, RoleListQuerySchema, RoleUpdateSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { RolesService } from './roles.service.js';

export function registerRolesRoutes(app: FastifyInstance, roles: RolesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['role'];
  r.post('/api/role/list', { config: { permission: ['rzjs'] }, schema: { tags, body: RoleListQuerySchema } }, async (req) => ok(await roles.list(principalOf(req), req.body)));
  // Role selectors of the user and student forms.
  r.post('/api/role/all', { config: { permission: ['rzjs', 'yhgl', 'xsgl'] }, schema: { tags } }, async () => ok(await roles.all()));
  r.post('/api/role/get', { config: { permission: ['rzjs'] }, schema: { tags, body: IdBodySchema } }, async (req) => ok(await roles.get(principalOf(req), req.body.id)));
  r.post('/api/role/insert', { config: { permission: ['rzjs:add'], operation: 'role.insert' }, schema: { tags, body: RoleInsertSchema } }, async (req) =>
    ok(await roles.insert(principalOf(req), req.body)),
  );
  r.post('/api/role/update', { config: { permission: ['rzjs:modify'], operation: 'role.update' }, schema: { tags, body: RoleUpdateSchema } }, async (req) =>
    ok(await roles.update(principalOf(req), req.body)),
  );
  r.post('/api/role/delete', { config: { permission: ['rzjs:delete'], operation: 'role.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await roles.remove(req.body.ids)),
  );
  r.post('/api/role/freeze', { config: { permission: ['rzjs:freeze'], operation: 'role.freeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await roles.setStatus(req.body.ids, 'frozen')),
  );
  r.post('/api/role/unfreeze', { config: { permission: ['rzjs:freeze'], operation: 'role.unfreeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await roles.setStatus(req.body.ids, 'normal')),
  );
  r.post('/api/role/permission-tree', { config: { permission: 'authenticated' }, schema: { tags } }, async () => ok(PERMISSION_TREE));
}
