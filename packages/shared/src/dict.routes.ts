import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { CountSchema, defineRoute } from './contract.js';
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
  insert: defineRoute({
    method: 'POST',
    path: '/api/dict/insert',
    permission: ['zdgl:add'],
    operation: 'dict.insert',
    body: DictEntryCreateSchema,
    response: DictEntryRowSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/dict/update',
    permission: ['zdgl:modify'],
    operation: 'dict.update',
    body: DictEntryUpdateSchema,
    response: DictEntryRowSchema,
  }),
  freeze: defineRoute({ method: 'POST', path: '/api/dict/freeze', permission: ['zdgl:modify'], operation: 'dict.freeze', body: IdsSchema, response: CountSchema }),
  unfreeze: defineRoute({ method: 'POST', path: '/api/dict/unfreeze', permission: ['zdgl:modify'], operation: 'dict.unfreeze', body: IdsSchema, response: CountSchema }),
  delete: defineRoute({ method: 'POST', path: '/api/dict/delete', permission: ['zdgl:delete'], operation: 'dict.delete', body: IdsSchema, response: CountSchema }),
  byType: defineRoute({ method: 'GET', path: '/api/dict/by-type', permission: 'authenticated', query: DictByTypeQuerySchema, response: z.array(DictOptionSchema) }),
  /** Dictionary types (managed, not typed by hand on every entry). */
  types: defineRoute({ method: 'POST', path: '/api/dict-type/list', permission: ['zdgl'], response: z.array(DictTypeRowSchema) }),
  insertType: defineRoute({
    method: 'POST',
    path: '/api/dict-type/insert',
    permission: ['zdgl:add'],
    operation: 'dict.type.insert',
    body: DictTypeCreateSchema,
    response: DictTypeRowSchema,
  }),
  updateType: defineRoute({
    method: 'POST',
    path: '/api/dict-type/update',
    permission: ['zdgl:modify'],
    operation: 'dict.type.update',
    body: DictTypeUpdateSchema,
    response: DictTypeRowSchema,
  }),
  /** A type holding entries answers IN_USE_SUBCLASS, a built-in one DATA_IN_USE. */
  deleteType: defineRoute({
    method: 'POST',
    path: '/api/dict-type/delete',
    permission: ['zdgl:delete'],
    operation: 'dict.type.delete',
    body: IdsSchema,
    response: CountSchema,
  }),
};
