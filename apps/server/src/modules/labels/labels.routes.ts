import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdsSchema,
  LabelCategoryInsertSchema,
  LabelCategoryListQuerySchema,
  LabelCategoryUpdateSchema,
  LabelInsertSchema,
  LabelListQuerySchema,
  LabelOptionsQuerySchema,
  LabelUpdateSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { LabelsService } from './labels.service.js';

export function registerLabelsRoutes(app: FastifyInstance, labels: LabelsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['label'];
  r.post('/api/label-category/list', { config: { permission: ['bqgl'] }, schema: { tags, body: LabelCategoryListQuerySchema } }, async (req) =>
    ok(await labels.listCategories(req.body)),
  );
  r.post('/api/label-category/insert', { config: { permission: ['bqgl:add'], operation: 'label-category.insert' }, schema: { tags, body: LabelCategoryInsertSchema } }, async (req) =>
    ok(await labels.insertCategory(req.body)),
  );
  r.post('/api/label-category/update', { config: { permission: ['bqgl:modify'], operation: 'label-category.update' }, schema: { tags, body: LabelCategoryUpdateSchema } }, async (req) =>
    ok(await labels.updateCategory(req.body)),
  );
  r.post('/api/label-category/delete', { config: { permission: ['bqgl:delete'], operation: 'label-category.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await labels.deleteCategories(req.body.ids)),
  );
  r.post('/api/label/list', { config: { permission: ['bqgl'] }, schema: { tags, body: LabelListQuerySchema } }, async (req) => ok(await labels.listLabels(req.body)));
  r.post('/api/label/insert', { config: { permission: ['bqgl:add'], operation: 'label.insert' }, schema: { tags, body: LabelInsertSchema } }, async (req) =>
    ok(await labels.insertLabel(req.body)),
  );
  r.post('/api/label/update', { config: { permission: ['bqgl:modify'], operation: 'label.update' }, schema: { tags, body: LabelUpdateSchema } }, async (req) =>
    ok(await labels.updateLabel(req.body)),
  );
  r.post('/api/label/delete', { config: { permission: ['bqgl:delete'], operation: 'label.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await labels.deleteLabels(req.body.ids)),
  );
  // Selector data for every form that attaches labels (positions, courses, questions, users).
  r.post('/api/label/options', { config: { permission: 'authenticated' }, schema: { tags, body: LabelOptionsQuerySchema } }, async (req) =>
    ok(await labels.options(req.body.kind)),
  );
}
