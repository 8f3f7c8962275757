import { z } from 'zod';
import { IdBodySchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import { ProfessionalInsertSchema, ProfessionalNodeSchema, ProfessionalUpdateSchema } from './professionals.js';

/** The major tree (zygl); the student form picks a major from it too. */
export const professionalRoutes = {
  tree: defineRoute({ method: 'POST', path: '/api/professional/tree', permission: ['zygl', 'xsgl'], response: z.array(ProfessionalNodeSchema) }),
  insert: writeRoute('/api/professional/insert', ['zygl:add'], 'professional.insert', { body: ProfessionalInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/professional/update', ['zygl:modify'], 'professional.update', { body: ProfessionalUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/professional/delete', ['zygl:delete'], 'professional.delete', { body: IdBodySchema, response: z.null() }),
  sort: writeRoute('/api/professional/sort', ['zygl:modify'], 'professional.sort', { body: TreeSortSchema, response: z.null() }),
};
