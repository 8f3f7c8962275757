import { trainPlanRoutes as routes, type TrainPlanCreate, type TrainPlanListQuery, type TrainPlanUpdate } from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

export type TrainPlanQuery = Partial<TrainPlanListQuery> & { page: number; size: number };

export const findTrainPlans = (q: TrainPlanQuery) => call(routes.list, q);
export const getTrainPlanById = (input: { id: number }) => call(routes.get, input);
export const insertTrainPlan = (input: TrainPlanCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateTrainPlan = (input: TrainPlanUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteTrainPlans = (input: { ids: number[] }) => call(routes.delete, input);
export const submitTrainPlan = (input: { id: number }) => call(routes.submit, input);
export const exportTrainPlans = (filters: Omit<Partial<TrainPlanListQuery>, 'page' | 'size'>) =>
  call(routes.export, { ...filters, ...exportLocale() }, { timeout: 5 * 60_000 });
