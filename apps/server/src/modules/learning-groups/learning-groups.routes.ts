import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdBodySchema,
  IdsSchema,
  LearningGroupInsertSchema,
  LearningGroupListQuerySchema,
  LearningGroupMemberListQuerySchema,
  LearningGroupMembersSchema,
  LearningGroupUpdateSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LearningGroupsService } from './learning-groups.service.js';

export function registerLearningGroupsRoutes(app: FastifyInstance, groups: LearningGroupsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['learning-group'];
  const base = '/api/learning-group';
  r.post(`${base}/list`, { config: { permission: ['xxqz'] }, schema: { tags, body: LearningGroupListQuerySchema } }, async (req) =>
    ok(await groups.list(principalOf(req), req.body)),
  );
  r.post(`${base}/get`, { config: { permission: ['xxqz'] }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await groups.get(principalOf(req), req.body.id)),
  );
  r.post(`${base}/members`, { config: { permission: ['xxqz'] }, schema: { tags, body: LearningGroupMemberListQuerySchema } }, async (req) =>
    ok(await groups.members(principalOf(req), req.body)),
  );
  r.post(`${base}/insert`, { config: { permission: ['xxqz:add'], operation: 'learning-group.insert' }, schema: { tags, body: LearningGroupInsertSchema } }, async (req) =>
    ok(await groups.insert(principalOf(req), req.body)),
  );
  r.post(`${base}/update`, { config: { permission: ['xxqz:modify'], operation: 'learning-group.update' }, schema: { tags, body: LearningGroupUpdateSchema } }, async (req) =>
    ok(await groups.update(principalOf(req), req.body)),
  );
  r.post(`${base}/delete`, { config: { permission: ['xxqz:delete'], operation: 'learning-group.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await groups.remove(principalOf(req), req.body.ids)),
  );
  r.post(`${base}/freeze`, { config: { permission: ['xxqz:freeze'], operation: 'learning-group.freeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await groups.setStatus(principalOf(req), req.body.ids, 'frozen')),
  );
  r.post(`${base}/unfreeze`, { config: { permission: ['xxqz:freeze'], operation: 'learning-group.unfreeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await groups.setStatus(principalOf(req), req.body.ids, 'normal')),
  );
  r.post(`${base}/add-members`, { config: { permission: ['xxqz:modify'], operation: 'learning-group.add-members' }, schema: { tags, body: LearningGroupMembersSchema } }, async (req) =>
    ok(await groups.addMembers(principalOf(req), req.body)),
  );
  r.post(`${base}/remove-members`, { config: { permission: ['xxqz:modify'], operation: 'learning-group.remove-members' }, schema: { tags, body: LearningGroupMembersSchema } }, async (req) =>
    ok(await groups.removeMembers(principalOf(req), req.body)),
  );
}
