import { dictRoutes as routes, type DictEntryCreate, type DictEntryUpdate, type DictListQuery, type DictTypeCreate, type DictTypeUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type DictQuery = Partial<DictListQuery> & { page: number; size: number };

export const findDicts = (q: DictQuery) => call(routes.list, q);
export const insertDict = (input: DictEntryCreate) => call(routes.insert, input);
export const updateDict = (input: DictEntryUpdate) => call(routes.update, input);
export const freezeDicts = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeDicts = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const deleteDicts = (input: { ids: number[] }) => call(routes.delete, input);
export const getDictsByType = (input: { type: string }) => call(routes.byType, { type: input.type });
export const findDictTypes = () => call(routes.types, {});
export const insertDictType = (input: DictTypeCreate) => call(routes.insertType, input);
export const updateDictType = (input: DictTypeUpdate) => call(routes.updateType, input);
export const deleteDictTypes = (input: { ids: number[] }) => call(routes.deleteType, input);
