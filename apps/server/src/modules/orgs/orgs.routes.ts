import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdBodySchema, IdsSchema, OrgInsertSchema, OrgTreeByNameSchema, OrgTreeQuerySchema, OrgUpdateSchema, TreeSortSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { OrgsService } from './orgs.service.js';

/** Reading the tree is also needed by the pages that filter or assign by organization. */
const TREE_READERS = ['zzjg', 'yhgl', 'xsgl', 'jsgl'];

export function registerOrgsRoutes(app: FastifyInstance, orgs: OrgsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['org'];
  r.post('/api/org/tree', { config: { permission: TREE_READERS }, schema: { tags, body: OrgTreeQuerySchema.optional() } }, async (req) =>
    ok(await orgs.tree(principalOf(req), OrgTreeQuerySchema.parse(req.body ?? {}))),
  );
  r.post('/api/org/tree-by-name', { config: { permission: TREE_READERS }, schema: { tags, body: OrgTreeByNameSchema } }, async (req) =>
    ok(await orgs.treeByName(principalOf(req), req.body.name)),
  );
  r.post('/api/org/data-tree', { config: { permission: [...TREE_READERS, 'rzjs'] }, schema: { tags } }, async (req) => ok(await orgs.dataTree(principalOf(req))));
  r.post('/api/org/get', { config: { permission: ['zzjg'] }, schema: { tags, body: IdBodySchema } }, async (req) => ok(await orgs.get(principalOf(req), req.body.id)));
  r.post('/api/org/insert', { config: { permission: ['zzjg:add'], operation: 'org.insert' }, schema: { tags, body: OrgInsertSchema } }, async (req) =>
    ok(await orgs.insert(principalOf(req), req.body)),
  );
  r.post('/api/org/update', { config: { permission: ['zzjg:modify'], operation: 'org.update' }, schema: { tags, body: OrgUpdateSchema } }, async (req) =>
    ok(await orgs.update(principalOf(req), req.body)),
  );
  r.post('/api/org/delete', { config: { permission: ['zzjg:delete'], operation: 'org.delete' }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await orgs.remove(principalOf(req), req.body.id)),
  );
  r.post('/api/org/freeze', { config: { permission: ['zzjg:freeze'], operation: 'org.freeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await orgs.setStatus(principalOf(req), req.body.ids, 'frozen')),
  );
  r.post('/api/org/unfreeze', { config: { permission: ['zzjg:freeze'], operation: 'org.unfreeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await orgs.setStatus(principalOf(req), req.body.ids, 'normal')),
  );
  r.post('/api/org/sort', { config: { permission: ['zzjg:modify'], operation: 'org.sort' }, schema: { tags, body: TreeSortSchema } }, async (req) =>
    ok(await orgs.sort(principalOf(req), req.body)),
  );
}
