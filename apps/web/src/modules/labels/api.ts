import {
  labelRoutes as routes,
  type LabelCategoryInsert,
  type LabelCategoryListQuery,
  type LabelCategoryUpdate,
  type LabelInsert,
  type LabelKind,
  type LabelListQuery,
  type LabelOptionGroup,
  type LabelUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { LabelOptionGroup };
export type LabelCategoryQuery = Partial<LabelCategoryListQuery> & { page: number; size: number };
export type LabelQuery = Partial<LabelListQuery> & { page: number; size: number };

export const findLabelCategories = (q: LabelCategoryQuery) => call(routes.listCategories, q);
export const insertLabelCategory = (input: LabelCategoryInsert) => call(routes.insertCategory, input, { silent: true });
export const updateLabelCategory = (input: LabelCategoryUpdate) => call(routes.updateCategory, input, { silent: true });
export const deleteLabelCategories = (input: { ids: number[] }) => call(routes.deleteCategories, input);

export const findLabels = (q: LabelQuery) => call(routes.list, q);
export const insertLabel = (input: LabelInsert) => call(routes.insert, input);
export const updateLabel = (input: LabelUpdate) => call(routes.update, input);
export const deleteLabels = (input: { ids: number[] }) => call(routes.delete, input);
export const getLabelOptions = (input: { kind: LabelKind }) => call(routes.options, input);
