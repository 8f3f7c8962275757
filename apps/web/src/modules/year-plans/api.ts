import { yearPlanRoutes as routes, type YearPlanCreate, type YearPlanListQuery, type YearPlanUpdate } from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

const LONG = { timeout: 5 * 60_000 };

export type YearPlanQuery = Partial<YearPlanListQuery> & { page: number; size: number };

export const findYearPlans = (q: YearPlanQuery) => call(routes.list, q);
export const getYearPlanById = (input: { id: number }) => call(routes.get, input);
export const insertYearPlan = (input: YearPlanCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateYearPlan = (input: YearPlanUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteYearPlans = (input: { ids: number[] }) => call(routes.delete, input);
export const submitYearPlan = (input: { id: number }) => call(routes.submit, input);
export const exportYearPlan = (input: { id: number }) => call(routes.export, { ...input, ...exportLocale() }, LONG);
export const exportYearPlanOverview = (input: { year: number }) => call(routes.exportYear, { ...input, ...exportLocale() }, LONG);
