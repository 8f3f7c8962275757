import type { Page, RegistrationListQuery, RegistrationRefuse, RegistrationRow } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type { RegistrationRow };
export type RegistrationQuery = Partial<RegistrationListQuery> & { page: number; size: number };

export const findRegistrations = (q: RegistrationQuery) => api<Page<RegistrationRow>>('registration/list', q);
export const getRegistrationById = (input: { id: number }) => api<RegistrationRow>('registration/get', input);
export const approveRegistrations = (input: { ids: number[] }) => api<unknown>('registration/approve', input);
export const refuseRegistrations = (input: RegistrationRefuse) => api<unknown>('registration/refuse', input, { silent: true });
