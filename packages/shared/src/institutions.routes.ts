import { batchRoute, listGetRoutes, writeRoute } from './contract.js';
import { InstitutionCreateSchema, InstitutionListQuerySchema, InstitutionRowSchema, InstitutionUpdateSchema } from './institutions.js';

/** Training organizations (pxjggl; data scope by the record's organization). */
export const institutionRoutes = {
  ...listGetRoutes('/api/institution', ['pxjggl'], { query: InstitutionListQuerySchema, row: InstitutionRowSchema, detail: InstitutionRowSchema }),
  insert: writeRoute('/api/institution/insert', ['pxjggl:add'], 'institution.insert', { body: InstitutionCreateSchema, response: InstitutionRowSchema }),
  update: writeRoute('/api/institution/update', ['pxjggl:modify'], 'institution.update', { body: InstitutionUpdateSchema, response: InstitutionRowSchema }),
  delete: batchRoute('/api/institution/delete', ['pxjggl:delete'], 'institution.delete'),
};
