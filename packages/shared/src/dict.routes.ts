import { z } from 'zod';
import { pageSchema } from './api.js';
import { batchRoute, defineRoute, writeRoute } from './contract.js';
import {
  DictTypeCreateSchema,
  DictTypeRowSchema,
  DictTypeUpdateSchema,
  DictByTypeQuerySchema,
  DictEntryCreateSchema,
  DictEntryRowSchema,
  DictEntryUpdateSchema,
  DictListQuerySchema,
  DictOptionSchema,
} from './dict.js';

/** The dictionary (zdgl); every signed-in page fills its dropdowns from `byType`. */
export const dictRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/dict/list', permission: ['zdgl'], body: DictListQuerySchema, response: pageSchema(DictEntryRowSchema) }),
  insert: writeRoute('/api/dict/insert', ['zdgl:add'], 'dict.insert', { body: DictEntryCreateSchema, response: DictEntryRowSchema }),
  update: writeRoute('/api/dict/update', ['zdgl:modify'], 'dict.update', { body: DictEntryUpdateSchema, response: DictEntryRowSchema }),
  freeze: batchRoute('/api/dict/freeze', ['zdgl:modify'], 'dict.freeze'),
  unfreeze: batchRoute('/api/dict/unfreeze', ['zdgl:modify'], 'dict.unfreeze'),
  delete: batchRoute('/api/dict/delete', ['zdgl:delete'], 'dict.delete'),
  byType: defineRoute({ method: 'GET', path: '/api/dict/by-type', permission: 'authenticated', query: DictByTypeQuerySchema, response: z.array(DictOptionSchema) }),
  /** Dictionary types (managed, not typed by hand on every entry). */
  types: defineRoute({ method: 'POST', path: '/api/dict-type/list', permission: ['zdgl'], response: z.array(DictTypeRowSchema) }),
  insertType: writeRoute('/api/dict-type/insert', ['zdgl:add'], 'dict.type.insert', { body: DictTypeCreateSchema, response: DictTypeRowSchema }),
  updateType: writeRoute('/api/dict-type/update', ['zdgl:modify'], 'dict.type.update', { body: DictTypeUpdateSchema, response: DictTypeRowSchema }),
  /** A type holding entries answers IN_USE_SUBCLASS, a built-in one DATA_IN_USE. */
  deleteType: batchRoute('/api/dict-type/delete', ['zdgl:delete'], 'dict.type.delete'),
};
