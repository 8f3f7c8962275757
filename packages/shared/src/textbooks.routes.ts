import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdBodySchema, pageSchema } from './api.js';
import { NewIdSchema, batchRoute, defineRoute, listGetRoutes, publishRoutes, writeRoute } from './contract.js';
import {
  TextbookCardSchema,
  TextbookInsertSchema,
  TextbookListQuerySchema,
  TextbookNoteInsertSchema,
  TextbookNoteListQuerySchema,
  TextbookNoteSchema,
  TextbookNoteUpdateSchema,
  TextbookProgressSchema,
  TextbookReadingSchema,
  TextbookRowSchema,
  TextbookScoreSchema,
  TextbookShelfQuerySchema,
  TextbookUpdateSchema,
} from './textbooks.js';

/** Digital textbooks: management (szjc, `textbooks-digital`/`add-textbooks`) and the student side (kc-pc). */
export const textbookRoutes = {
  ...categoryTreeRoutes('textbook-sort', ['szjc', 'kc-pc'], 'szjc'),

  ...listGetRoutes('/api/textbook', ['szjc'], { query: TextbookListQuerySchema, row: TextbookRowSchema, detail: TextbookRowSchema }),
  insert: writeRoute('/api/textbook/insert', ['szjc:add'], 'textbook.insert', { body: TextbookInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/textbook/update', ['szjc:modify'], 'textbook.update', { body: TextbookUpdateSchema, response: z.null() }),
  delete: batchRoute('/api/textbook/delete', ['szjc:delete'], 'textbook.delete'),
  ...publishRoutes('/api/textbook', 'szjc', 'textbook'),
  offShelf: batchRoute('/api/textbook/off-shelf', ['szjc:unpublish'], 'textbook.offShelf'),

  shelf: defineRoute({ method: 'POST', path: '/api/textbook/shelf', permission: ['kc-pc'], body: TextbookShelfQuerySchema, response: pageSchema(TextbookCardSchema) }),
  read: defineRoute({ method: 'POST', path: '/api/textbook/read', permission: ['kc-pc'], body: IdBodySchema, response: TextbookReadingSchema }),
  progress: defineRoute({ method: 'POST', path: '/api/textbook/progress', permission: ['kc-pc'], body: TextbookProgressSchema, response: z.null() }),
  score: defineRoute({ method: 'POST', path: '/api/textbook/score', permission: ['kc-pc'], body: TextbookScoreSchema, response: z.null() }),
  register: defineRoute({ method: 'POST', path: '/api/textbook/register', permission: ['kc-pc'], body: IdBodySchema, response: z.null() }),
  unregister: defineRoute({ method: 'POST', path: '/api/textbook/unregister', permission: ['kc-pc'], body: IdBodySchema, response: z.null() }),
  notes: defineRoute({ method: 'POST', path: '/api/textbook-note/list', permission: ['kc-pc'], body: TextbookNoteListQuerySchema, response: z.array(TextbookNoteSchema) }),
  noteInsert: defineRoute({ method: 'POST', path: '/api/textbook-note/insert', permission: ['kc-pc'], body: TextbookNoteInsertSchema, response: NewIdSchema }),
  noteUpdate: defineRoute({ method: 'POST', path: '/api/textbook-note/update', permission: ['kc-pc'], body: TextbookNoteUpdateSchema, response: z.null() }),
  noteDelete: defineRoute({ method: 'POST', path: '/api/textbook-note/delete', permission: ['kc-pc'], body: IdBodySchema, response: z.null() }),
};
