import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import {
  LabelCategoryInsertSchema,
  LabelCategoryListQuerySchema,
  LabelCategoryRowSchema,
  LabelCategoryUpdateSchema,
  LabelInsertSchema,
  LabelListQuerySchema,
  LabelOptionsQuerySchema,
  LabelRowSchema,
  LabelUpdateSchema,
} from './labels.js';

/** Selector data: categories of one kind with their labels. */
export const LabelOptionGroupSchema = z.object({ id: z.number(), name: z.string(), labels: z.array(z.object({ id: z.number(), name: z.string() })) });
export type LabelOptionGroup = z.infer<typeof LabelOptionGroupSchema>;

/** Label categories and labels (bqgl); `options` feeds every form that attaches labels. */
export const labelRoutes = {
  listCategories: defineRoute({
    method: 'POST',
    path: '/api/label-category/list',
    permission: ['bqgl'],
    body: LabelCategoryListQuerySchema,
    response: pageSchema(LabelCategoryRowSchema),
  }),
  insertCategory: defineRoute({
    method: 'POST',
    path: '/api/label-category/insert',
    permission: ['bqgl:add'],
    operation: 'label-category.insert',
    body: LabelCategoryInsertSchema,
    response: NewIdSchema,
  }),
  updateCategory: defineRoute({
    method: 'POST',
    path: '/api/label-category/update',
    permission: ['bqgl:modify'],
    operation: 'label-category.update',
    body: LabelCategoryUpdateSchema,
    response: z.null(),
  }),
  deleteCategories: defineRoute({
    method: 'POST',
    path: '/api/label-category/delete',
    permission: ['bqgl:delete'],
    operation: 'label-category.delete',
    body: IdsSchema,
    response: z.null(),
  }),
  list: defineRoute({ method: 'POST', path: '/api/label/list', permission: ['bqgl'], body: LabelListQuerySchema, response: pageSchema(LabelRowSchema) }),
  insert: defineRoute({ method: 'POST', path: '/api/label/insert', permission: ['bqgl:add'], operation: 'label.insert', body: LabelInsertSchema, response: NewIdSchema }),
  update: defineRoute({ method: 'POST', path: '/api/label/update', permission: ['bqgl:modify'], operation: 'label.update', body: LabelUpdateSchema, response: z.null() }),
  delete: defineRoute({ method: 'POST', path: '/api/label/delete', permission: ['bqgl:delete'], operation: 'label.delete', body: IdsSchema, response: z.null() }),
  options: defineRoute({ method: 'POST', path: '/api/label/options', permission: 'authenticated', body: LabelOptionsQuerySchema, response: z.array(LabelOptionGroupSchema) }),
};
