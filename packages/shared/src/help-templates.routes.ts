import { batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import { IdBodySchema, pageSchema } from './api.js';
import {
  HelpTemplateCreateSchema,
  HelpTemplateDetailSchema,
  HelpTemplateListQuerySchema,
  HelpTemplateRowSchema,
  HelpTemplateUpdateSchema,
  TRAINING_READER_CODES,
} from './help-templates.js';

/** Help documents and templates: managed with `bzmb`; the published ones read by holders of any training code. */
export const helpTemplateRoutes = {
  ...listGetRoutes('/api/help-template', ['bzmb'], { query: HelpTemplateListQuerySchema, row: HelpTemplateRowSchema, detail: HelpTemplateDetailSchema }),
  insert: writeRoute('/api/help-template/insert', ['bzmb:add'], 'helpTemplate.insert', { body: HelpTemplateCreateSchema, response: HelpTemplateDetailSchema }),
  update: writeRoute('/api/help-template/update', ['bzmb:modify'], 'helpTemplate.update', { body: HelpTemplateUpdateSchema, response: HelpTemplateDetailSchema }),
  delete: batchRoute('/api/help-template/delete', ['bzmb:delete'], 'helpTemplate.delete'),
  /** The published documents, sorted (sort, then newest). */
  published: defineRoute({
    method: 'POST',
    path: '/api/help-template/published',
    permission: TRAINING_READER_CODES,
    body: HelpTemplateListQuerySchema.omit({ published: true }),
    response: pageSchema(HelpTemplateRowSchema),
  }),
  /** One published document with its body. */
  read: defineRoute({ method: 'POST', path: '/api/help-template/read', permission: TRAINING_READER_CODES, body: IdBodySchema, response: HelpTemplateDetailSchema }),
};
