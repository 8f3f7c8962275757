import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { CountSchema, defineRoute } from './contract.js';
import { DictByTypeQuerySchema, DictEntryCreateSchema, DictEntryRowSchema, DictEntryUpdateSchema, DictListQuerySchema, DictOptionSchema } from './dict.js';

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
};
