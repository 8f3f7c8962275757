import { professionalRoutes as routes, type ProfessionalInsert, type ProfessionalUpdate, type TreeSort } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getProfessionalTree = () => call(routes.tree);
export const insertProfessional = (input: ProfessionalInsert) => call(routes.insert, input, { silent: true });
export const updateProfessional = (input: ProfessionalUpdate) => call(routes.update, input, { silent: true });
export const deleteProfessional = (input: { id: number }) => call(routes.delete, input, { silent: true });
export const sortProfessional = (input: TreeSort) => call(routes.sort, input);
