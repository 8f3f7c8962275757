import { z } from 'zod';
import { IdBodySchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import { ProfessionalInsertSchema, ProfessionalNodeSchema, ProfessionalUpdateSchema } from './professionals.js';

/** The major tree (zygl); the student form picks a major from it too. */
export const professionalRoutes = {
  tree: defineRoute({ method: 'POST', path: '/api/professional/tree', permission: ['zygl', 'xsgl'], response: z.array(ProfessionalNodeSchema) }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/professional/insert',
    permission: ['zygl:add'],
    operation: 'professional.insert',
    body: ProfessionalInsertSchema,
    response: NewIdSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/professional/update',
    permission: ['zygl:modify'],
    operation: 'professional.update',
    body: ProfessionalUpdateSchema,
    response: z.null(),
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/api/professional/delete',
    permission: ['zygl:delete'],
    operation: 'professional.delete',
    body: IdBodySchema,
    response: z.null(),
  }),
  sort: defineRoute({ method: 'POST', path: '/api/professional/sort', permission: ['zygl:modify'], operation: 'professional.sort', body: TreeSortSchema, response: z.null() }),
};
