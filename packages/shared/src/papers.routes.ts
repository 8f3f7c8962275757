import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute } from './contract.js';
import {
  DrawnPaperSchema,
  PaperDetailSchema,
  PaperInsertSchema,
  PaperListQuerySchema,
  PaperPreviewSchema,
  PaperRowSchema,
  PaperRuleAvailableSchema,
  PaperRuleCheckSchema,
  PaperUpdateSchema,
} from './papers.js';

/** Papers (sjgl, `manage-test-paper`, `add-paper`): fixed, random and free papers. */
export const paperRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/paper/list', permission: ['sjgl'], body: PaperListQuerySchema, response: pageSchema(PaperRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/paper/get', permission: ['sjgl'], body: IdBodySchema, response: PaperDetailSchema }),
  insert: writeRoute('/api/paper/insert', ['sjgl:add'], 'paper.insert', { body: PaperInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/paper/update', ['sjgl:modify'], 'paper.update', { body: PaperUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/paper/delete', ['sjgl:delete'], 'paper.delete', { body: IdsSchema, response: z.null() }),
  ruleAvailable: defineRoute({ method: 'POST', path: '/api/paper/rule-available', permission: ['sjgl'], body: PaperRuleCheckSchema, response: PaperRuleAvailableSchema }),
  preview: defineRoute({ method: 'POST', path: '/api/paper/preview', permission: ['sjgl'], body: PaperPreviewSchema, response: DrawnPaperSchema }),
};
