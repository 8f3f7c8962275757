import {
  certificateRoutes,
  examRoutes as routes,
  type ExamCategoryInsert,
  type ExamCategoryUpdate,
  type ExamCreate,
  type ExamListQuery,
  type ExamUpdate,
  type TreeSort,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type ExamQuery = Partial<ExamListQuery> & { page: number; size: number };

export const getExamCategoryTree = () => call(routes.categoryTree);
export const insertExamCategory = (input: ExamCategoryInsert) => call(routes.categoryInsert, input, { silent: true });
export const updateExamCategory = (input: ExamCategoryUpdate) => call(routes.categoryUpdate, input, { silent: true });
export const deleteExamCategory = (input: { id: number }) => call(routes.categoryDelete, input, { silent: true });
export const sortExamCategory = (input: TreeSort) => call(routes.categorySort, input);

export const findExams = (q: ExamQuery) => call(routes.list, q as ExamListQuery);
export const getExamById = (input: { id: number }) => call(routes.get, input);
export const findExamPapers = (input: { keyword?: string; ids?: number[] }) => call(routes.papers, input);
export const insertExam = (input: ExamCreate) => call(routes.insert, input, { silent: true });
export const updateExam = (input: ExamUpdate) => call(routes.update, input, { silent: true });
export const deleteExams = (input: { ids: number[] }) => call(routes.delete, input);
export const publishExams = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishExams = (input: { ids: number[] }) => call(routes.unpublish, input);

/** Certificate templates to link (silent: a manager without the certificate code sees an empty list). */
export const findCertificateOptions = () => call(certificateRoutes.templateList, { page: 1, size: 100 } as never, { silent: true });
