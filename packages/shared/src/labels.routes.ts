import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute } from './contract.js';
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
  insertCategory: writeRoute('/api/label-category/insert', ['bqgl:add'], 'label-category.insert', { body: LabelCategoryInsertSchema, response: NewIdSchema }),
  updateCategory: writeRoute('/api/label-category/update', ['bqgl:modify'], 'label-category.update', { body: LabelCategoryUpdateSchema, response: z.null() }),
  deleteCategories: writeRoute('/api/label-category/delete', ['bqgl:delete'], 'label-category.delete', { body: IdsSchema, response: z.null() }),
  list: defineRoute({ method: 'POST', path: '/api/label/list', permission: ['bqgl'], body: LabelListQuerySchema, response: pageSchema(LabelRowSchema) }),
  insert: writeRoute('/api/label/insert', ['bqgl:add'], 'label.insert', { body: LabelInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/label/update', ['bqgl:modify'], 'label.update', { body: LabelUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/label/delete', ['bqgl:delete'], 'label.delete', { body: IdsSchema, response: z.null() }),
  options: defineRoute({ method: 'POST', path: '/api/label/options', permission: 'authenticated', body: LabelOptionsQuerySchema, response: z.array(LabelOptionGroupSchema) }),
};
