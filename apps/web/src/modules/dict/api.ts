import type { DictEntryCreate, DictEntryRow, DictEntryUpdate, DictListQuery, DictOption, Page } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type DictQuery = Partial<DictListQuery> & { page: number; size: number };

export const findDicts = (q: DictQuery) => api<Page<DictEntryRow>>('dict/list', q);
export const insertDict = (input: DictEntryCreate) => api<DictEntryRow>('dict/insert', input);
export const updateDict = (input: DictEntryUpdate) => api<DictEntryRow>('dict/update', input);
export const deleteDicts = (input: { ids: number[] }) => api<unknown>('dict/delete', input);
export const getDictsByType = (input: { type: string }) =>
  api<DictOption[]>('dict/by-type', undefined, { method: 'GET', query: { type: input.type } });
