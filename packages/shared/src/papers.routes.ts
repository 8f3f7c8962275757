import { z } from 'zod';
import { IdsSchema } from './api.js';
import { NewIdSchema, defineRoute, listGetRoutes, writeRoute } from './contract.js';
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
  ...listGetRoutes('/api/paper', ['sjgl'], { query: PaperListQuerySchema, row: PaperRowSchema, detail: PaperDetailSchema }),
  insert: writeRoute('/api/paper/insert', ['sjgl:add'], 'paper.insert', { body: PaperInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/paper/update', ['sjgl:modify'], 'paper.update', { body: PaperUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/paper/delete', ['sjgl:delete'], 'paper.delete', { body: IdsSchema, response: z.null() }),
  ruleAvailable: defineRoute({ method: 'POST', path: '/api/paper/rule-available', permission: ['sjgl'], body: PaperRuleCheckSchema, response: PaperRuleAvailableSchema }),
  preview: defineRoute({ method: 'POST', path: '/api/paper/preview', permission: ['sjgl'], body: PaperPreviewSchema, response: DrawnPaperSchema }),
};
