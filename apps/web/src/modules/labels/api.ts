import type {
  LabelCategoryInsert,
  LabelCategoryListQuery,
  LabelCategoryRow,
  LabelCategoryUpdate,
  LabelInsert,
  LabelKind,
  LabelListQuery,
  LabelRow,
  LabelUpdate,
  Page,
} from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type LabelCategoryQuery = Partial<LabelCategoryListQuery> & { page: number; size: number };
export type LabelQuery = Partial<LabelListQuery> & { page: number; size: number };
/** Selector data: categories of one kind with their labels. */
export interface LabelOptionGroup {
  id: number;
  name: string;
  labels: { id: number; name: string }[];
}

export const findLabelCategories = (q: LabelCategoryQuery) => api<Page<LabelCategoryRow>>('label-category/list', q);
export const insertLabelCategory = (input: LabelCategoryInsert) => api<{ id: number }>('label-category/insert', input, { silent: true });
export const updateLabelCategory = (input: LabelCategoryUpdate) => api<unknown>('label-category/update', input, { silent: true });
export const deleteLabelCategories = (input: { ids: number[] }) => api<unknown>('label-category/delete', input);

export const findLabels = (q: LabelQuery) => api<Page<LabelRow>>('label/list', q);
export const insertLabel = (input: LabelInsert) => api<{ id: number }>('label/insert', input);
export const updateLabel = (input: LabelUpdate) => api<unknown>('label/update', input);
export const deleteLabels = (input: { ids: number[] }) => api<unknown>('label/delete', input);
export const getLabelOptions = (input: { kind: LabelKind }) => api<LabelOptionGroup[]>('label/options', input);
