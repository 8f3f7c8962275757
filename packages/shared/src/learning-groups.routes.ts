import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import {
  LearningGroupInsertSchema,
  LearningGroupListQuerySchema,
  LearningGroupMemberListQuerySchema,
  LearningGroupMembersSchema,
  LearningGroupRowSchema,
  LearningGroupUpdateSchema,
} from './learning-groups.js';

export const LearningGroupMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  status: z.string(),
});
export type LearningGroupMember = z.infer<typeof LearningGroupMemberSchema>;

const base = '/api/learning-group';
/** Learning groups (xxqz), scoped by the group's organization. */
export const learningGroupRoutes = {
  list: defineRoute({ method: 'POST', path: `${base}/list`, permission: ['xxqz'], body: LearningGroupListQuerySchema, response: pageSchema(LearningGroupRowSchema) }),
  get: defineRoute({ method: 'POST', path: `${base}/get`, permission: ['xxqz'], body: IdBodySchema, response: LearningGroupRowSchema }),
  members: defineRoute({
    method: 'POST',
    path: `${base}/members`,
    permission: ['xxqz'],
    body: LearningGroupMemberListQuerySchema,
    response: pageSchema(LearningGroupMemberSchema),
  }),
  insert: defineRoute({
    method: 'POST',
    path: `${base}/insert`,
    permission: ['xxqz:add'],
    operation: 'learning-group.insert',
    body: LearningGroupInsertSchema,
    response: NewIdSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: `${base}/update`,
    permission: ['xxqz:modify'],
    operation: 'learning-group.update',
    body: LearningGroupUpdateSchema,
    response: z.null(),
  }),
  delete: defineRoute({ method: 'POST', path: `${base}/delete`, permission: ['xxqz:delete'], operation: 'learning-group.delete', body: IdsSchema, response: z.null() }),
  freeze: defineRoute({ method: 'POST', path: `${base}/freeze`, permission: ['xxqz:freeze'], operation: 'learning-group.freeze', body: IdsSchema, response: z.null() }),
  unfreeze: defineRoute({ method: 'POST', path: `${base}/unfreeze`, permission: ['xxqz:freeze'], operation: 'learning-group.unfreeze', body: IdsSchema, response: z.null() }),
  addMembers: defineRoute({
    method: 'POST',
    path: `${base}/add-members`,
    permission: ['xxqz:modify'],
    operation: 'learning-group.add-members',
    body: LearningGroupMembersSchema,
    response: z.object({ added: z.number() }),
  }),
  removeMembers: defineRoute({
    method: 'POST',
    path: `${base}/remove-members`,
    permission: ['xxqz:modify'],
    operation: 'learning-group.remove-members',
    body: LearningGroupMembersSchema,
    response: z.object({ removed: z.number() }),
  }),
};
