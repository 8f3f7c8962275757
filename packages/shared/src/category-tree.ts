import { z } from 'zod';
import { IdBodySchema, IdSchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute, type RouteSpec } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import type { PermissionCode, RoutePermission } from './permissions.js';

/**
 * A classification tree ("sort categories": courseware, courses, textbooks, questions, exams): nodes
 * with a name, a parent and a sort number, kept on the server by `categoryTreeCommands`.
 */
export const CategoryInsertSchema = z.object({
  parentId: IdSchema.nullish(),
  name: z.string().trim().min(1).max(30),
  sort: z.number().int().min(0).max(99999999).optional(),
});
export type CategoryInsert = z.infer<typeof CategoryInsertSchema>;
export const CategoryUpdateSchema = CategoryInsertSchema.partial().extend({ id: IdSchema });
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

export interface CategoryNode {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  children: CategoryNode[];
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable(), sort: z.number(), children: z.array(CategoryNodeSchema) }),
);

/** The five routes of a classification tree as a domain declares them (`categoryTreeRoutes`): the server registers, the web calls them. */
export interface CategoryRoutes {
  categoryTree: RouteSpec;
  categoryInsert: RouteSpec;
  categoryUpdate: RouteSpec;
  categoryDelete: RouteSpec;
  categorySort: RouteSpec;
}

/** A menu code whose `add`, `modify` and `delete` actions all exist: the one guarding a tree's writes. */
type TreeWriteCode = {
  [K in PermissionCode]: K extends `${infer M}:add` ? (`${M}:modify` | `${M}:delete` extends PermissionCode ? M : never) : never;
}[PermissionCode];

/**
 * The five routes of a classification tree under `/api/<segment>/`: the tree (for `readers`), then
 * insert, update, delete and sort, guarded by `<code>:add|modify|delete` and logged as `<segment>.<verb>`.
 */
export function categoryTreeRoutes<const S extends string, const R extends RoutePermission, const C extends TreeWriteCode>(segment: S, readers: R, code: C) {
  const can = <A extends 'add' | 'modify' | 'delete'>(action: A) => [`${code}:${action}` as Extract<`${C}:${A}`, PermissionCode>] as const;
  return {
    categoryTree: defineRoute({ method: 'POST', path: `/api/${segment}/tree`, permission: readers, response: z.array(CategoryNodeSchema) }),
    categoryInsert: writeRoute(`/api/${segment}/insert`, can('add'), `${segment}.insert`, { body: CategoryInsertSchema, response: NewIdSchema }),
    categoryUpdate: writeRoute(`/api/${segment}/update`, can('modify'), `${segment}.update`, { body: CategoryUpdateSchema, response: z.null() }),
    categoryDelete: writeRoute(`/api/${segment}/delete`, can('delete'), `${segment}.delete`, { body: IdBodySchema, response: z.null() }),
    categorySort: writeRoute(`/api/${segment}/sort`, can('modify'), `${segment}.sort`, { body: TreeSortSchema, response: z.null() }),
  };
}
