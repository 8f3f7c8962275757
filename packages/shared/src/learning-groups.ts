import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineFreezeLifecycle } from './lifecycle.js';

export const LEARNING_GROUP_KINDS = ['formal', 'temporary'] as const;
export const LEARNING_GROUP_STATUSES = ['normal', 'frozen'] as const;
/** Learning groups: normal ⇄ frozen (a frozen group takes no new members). */
export const LEARNING_GROUP_LIFECYCLE = defineFreezeLifecycle('learning_groups', { normal: 'learningGroups.status_normal', frozen: 'learningGroups.status_frozen' });
/** What the caller may do to a listed group (codes, state, members), decided by the server; `addMembers` needs a normal group. */
export const LearningGroupAbilitiesSchema = LEARNING_GROUP_LIFECYCLE.abilitiesSchema.extend({ addMembers: z.boolean() });
export type LearningGroupAbilities = z.infer<typeof LearningGroupAbilitiesSchema>;
export const LEARNING_GROUP_SORT_KEYS = ['id', 'name', 'createdAt'] as const;

export const LearningGroupListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(30).optional(),
  kind: z.enum(LEARNING_GROUP_KINDS).optional(),
  status: z.enum(LEARNING_GROUP_STATUSES).optional(),
});
export type LearningGroupListQuery = z.infer<typeof LearningGroupListQuerySchema>;

export const LearningGroupInsertSchema = z.object({
  name: z.string().trim().min(1).max(30),
  kind: z.enum(LEARNING_GROUP_KINDS),
  description: z.string().trim().max(200).nullish(),
  /** Owning organization (data scope); defaults to the caller's organization. */
  orgId: IdSchema.optional(),
});
export type LearningGroupInsert = z.infer<typeof LearningGroupInsertSchema>;
export const LearningGroupUpdateSchema = LearningGroupInsertSchema.partial().extend({ id: IdSchema });
export type LearningGroupUpdate = z.infer<typeof LearningGroupUpdateSchema>;

export const LearningGroupMembersSchema = z.object({ id: IdSchema, userIds: z.array(IdSchema).min(1).max(1000) });
export type LearningGroupMembers = z.infer<typeof LearningGroupMembersSchema>;
export const LearningGroupMemberListQuerySchema = PageQuerySchema.extend({ id: IdSchema, keyword: z.string().trim().max(200).optional() });
export type LearningGroupMemberListQuery = z.infer<typeof LearningGroupMemberListQuerySchema>;

export const LearningGroupRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  description: z.string().nullable(),
  status: z.enum(LEARNING_GROUP_LIFECYCLE.states),
  orgId: z.number(),
  orgName: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
  abilities: LearningGroupAbilitiesSchema,
});
export type LearningGroupRow = z.infer<typeof LearningGroupRowSchema>;
