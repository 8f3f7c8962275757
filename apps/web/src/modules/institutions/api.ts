import { institutionRoutes as routes, type InstitutionCreate, type InstitutionListQuery, type InstitutionUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type InstitutionQuery = Partial<InstitutionListQuery> & { page: number; size: number };

export const findInstitutions = (q: InstitutionQuery) => call(routes.list, q);
export const getInstitution = (input: { id: number }) => call(routes.get, input);
export const insertInstitution = (input: InstitutionCreate) => call(routes.insert, input, { silent: true });
export const updateInstitution = (input: InstitutionUpdate) => call(routes.update, input, { silent: true });
export const deleteInstitutions = (input: { ids: number[] }) => call(routes.delete, input);
