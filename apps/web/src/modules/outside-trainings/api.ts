import {
  outsideTrainingRoutes as routes,
  type OutsideTrainingCreate,
  type OutsideTrainingListQuery,
  type OutsideTrainingResultInput,
  type OutsideTrainingUpdate,
} from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type OutsideTrainingQuery = Partial<OutsideTrainingListQuery> & { page: number; size: number };

export const findOutsideTrainings = (q: OutsideTrainingQuery) => call(routes.list, q);
export const findMyOutsideTrainings = (q: OutsideTrainingQuery) => call(routes.mine, q);
export const getOutsideTrainingById = (input: { id: number }) => call(routes.get, input);
export const insertOutsideTraining = (input: OutsideTrainingCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateOutsideTraining = (input: OutsideTrainingUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const submitOutsideTraining = (input: { id: number }) => call(routes.submit, input);
export const recordOutsideTrainingResult = (input: OutsideTrainingResultInput, opts?: CallOptions) => call(routes.result, input, opts);
