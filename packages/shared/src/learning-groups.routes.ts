import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute, freezeRoutes, listGetRoutes, writeRoute } from './contract.js';
import {
  LearningGroupInsertSchema,
  LearningGroupListQuerySchema,
  LearningGroupMemberListQuerySchema,
  LearningGroupMembersSchema,
  LearningGroupRowSchema,
  LearningGroupUpdateSchema,
} from './learning-groups.js';
import { UserRowSchema } from './users.js';

/** A member of a learning group: the user as the member list shows them. */
export const LearningGroupMemberSchema = UserRowSchema.pick({ id: true, username: true, realname: true, orgId: true, orgName: true, status: true });
export type LearningGroupMember = z.infer<typeof LearningGroupMemberSchema>;

const base = '/api/learning-group';
/** Learning groups (xxqz), scoped by the group's organization. */
export const learningGroupRoutes = {
  ...listGetRoutes(base, ['xxqz'], { query: LearningGroupListQuerySchema, row: LearningGroupRowSchema, detail: LearningGroupRowSchema }),
  members: defineRoute({
    method: 'POST',
    path: `${base}/members`,
    permission: ['xxqz'],
    body: LearningGroupMemberListQuerySchema,
    response: pageSchema(LearningGroupMemberSchema),
  }),
  insert: writeRoute(`${base}/insert`, ['xxqz:add'], 'learning-group.insert', { body: LearningGroupInsertSchema, response: NewIdSchema }),
  update: writeRoute(`${base}/update`, ['xxqz:modify'], 'learning-group.update', { body: LearningGroupUpdateSchema, response: z.null() }),
  delete: writeRoute(`${base}/delete`, ['xxqz:delete'], 'learning-group.delete', { body: IdsSchema, response: z.null() }),
  ...freezeRoutes(base, 'xxqz', 'learning-group'),
  addMembers: writeRoute(`${base}/add-members`, ['xxqz:modify'], 'learning-group.add-members', {
    body: LearningGroupMembersSchema,
    response: z.object({ added: z.number() }),
  }),
  removeMembers: writeRoute(`${base}/remove-members`, ['xxqz:modify'], 'learning-group.remove-members', {
    body: LearningGroupMembersSchema,
    response: z.object({ removed: z.number() }),
  }),
};
