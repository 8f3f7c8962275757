import { registrationRoutes as routes, type RegistrationListQuery, type RegistrationRefuse, type RegistrationRow } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { RegistrationRow };
export type RegistrationQuery = Partial<RegistrationListQuery> & { page: number; size: number };

export const findRegistrations = (q: RegistrationQuery) => call(routes.list, q);
export const getRegistrationById = (input: { id: number }) => call(routes.get, input);
export const approveRegistrations = (input: { ids: number[] }) => call(routes.approve, input);
export const refuseRegistrations = (input: RegistrationRefuse) => call(routes.refuse, input, { silent: true });
