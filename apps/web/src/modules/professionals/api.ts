import type { ProfessionalInsert, ProfessionalNode, ProfessionalUpdate, TreeSort } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export const getProfessionalTree = () => api<ProfessionalNode[]>('professional/tree');
export const insertProfessional = (input: ProfessionalInsert) => api<{ id: number }>('professional/insert', input, { silent: true });
export const updateProfessional = (input: ProfessionalUpdate) => api<unknown>('professional/update', input, { silent: true });
export const deleteProfessional = (input: { id: number }) => api<unknown>('professional/delete', input, { silent: true });
export const sortProfessional = (input: TreeSort) => api<unknown>('professional/sort', input);
