import { z } from 'zod';
import { IdSchema } from './api.js';
import { CONSTANTS } from './constants.js';
import { defineFreezeLifecycle } from './lifecycle.js';

export const ORG_STATUSES = ['normal', 'frozen'] as const;
/** Organizations: normal ⇄ frozen, applied to the whole subtree; the root never freezes. */
export const ORG_LIFECYCLE = defineFreezeLifecycle('orgs', { normal: 'org.status_normal', frozen: 'org.status_frozen' });
/** What the caller may do to an organization (codes, state, root, scope, in use), decided by the server. */
export const OrgAbilitiesSchema = ORG_LIFECYCLE.abilitiesSchema;
export type OrgAbilities = z.infer<typeof OrgAbilitiesSchema>;
export const SORT_POSITIONS = ['above', 'below'] as const;

const OrgName = z.string().trim().min(1).max(200);
const OrgCode = z.string().trim().min(1).max(200);
const Sort = z.number().int().min(0).max(99999999);
const LeaderIds = z.array(IdSchema).max(CONSTANTS.ORGANIZATION_LEADERS);

/** Without `maxDepth` the tree holds every level that exists. */
/** Whose people a tree counts (`userCount`): the list beside it (students or employees); everyone when left out. */
const countKind = { kind: z.enum(['employee', 'student']).optional() };
export const OrgTreeQuerySchema = z.strictObject({ maxDepth: z.number().int().min(1).max(100).optional(), ...countKind });
export type OrgTreeQuery = z.infer<typeof OrgTreeQuerySchema>;

export const OrgTreeByNameSchema = z.object({ name: z.string().trim().min(1).max(200), ...countKind });
export type OrgTreeByName = z.infer<typeof OrgTreeByNameSchema>;

export const OrgInsertSchema = z.object({
  parentId: IdSchema,
  name: OrgName,
  code: OrgCode.nullish(),
  sort: Sort.optional(),
  leaderIds: LeaderIds.optional(),
});
export type OrgInsert = z.infer<typeof OrgInsertSchema>;

/** Fields left out keep their value. */
export const OrgUpdateSchema = OrgInsertSchema.partial().extend({ id: IdSchema });
export type OrgUpdate = z.infer<typeof OrgUpdateSchema>;

/** Right-click menu "move above / below": places `id` next to `targetId` (under the target's parent). */
export const TreeSortSchema = z.object({ id: IdSchema, position: z.enum(SORT_POSITIONS), targetId: IdSchema });
export type TreeSort = z.infer<typeof TreeSortSchema>;

export interface OrgNode {
  id: number;
  name: string;
  code: string | null;
  parentId: number | null;
  sort: number;
  status: string;
  depth: number;
  leaderIds: number[];
  /** Users in this organization and all organizations below it. */
  userCount: number;
  /** The same abilities as the detail's, computed for the whole tree at once. */
  abilities: OrgAbilities;
  children: OrgNode[];
}

export const OrgNodeSchema: z.ZodType<OrgNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    parentId: z.number().nullable(),
    sort: z.number(),
    status: z.string(),
    depth: z.number(),
    leaderIds: z.array(z.number()),
    userCount: z.number(),
    abilities: OrgAbilitiesSchema,
    children: z.array(OrgNodeSchema),
  }),
);
export const OrgDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  path: z.string(),
  depth: z.number(),
  sort: z.number(),
  status: z.string(),
  leaders: z.array(z.object({ id: z.number(), username: z.string(), realname: z.string() })),
  createdAt: z.string(),
  abilities: OrgAbilitiesSchema,
});
export type OrgDetail = z.infer<typeof OrgDetailSchema>;

export interface OrgDataNode {
  id: number;
  name: string;
  parentId: number | null;
  children: OrgDataNode[];
}
export const OrgDataNodeSchema: z.ZodType<OrgDataNode> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable(), children: z.array(OrgDataNodeSchema) }),
);
