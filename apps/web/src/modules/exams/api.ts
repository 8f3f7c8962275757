import { certificateRoutes, examRoutes as routes, type ExamCreate, type ExamListQuery, type ExamUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type ExamQuery = Partial<ExamListQuery> & { page: number; size: number };

export const getExamCategoryTree = () => call(routes.categoryTree);

export const findExams = (q: ExamQuery) => call(routes.list, q);
export const getExamById = (input: { id: number }) => call(routes.get, input);
export const findExamPapers = (input: { keyword?: string; ids?: number[] }) => call(routes.papers, input);
export const insertExam = (input: ExamCreate) => call(routes.insert, input, { silent: true });
export const updateExam = (input: ExamUpdate) => call(routes.update, input, { silent: true });
export const deleteExams = (input: { ids: number[] }) => call(routes.delete, input);
export const publishExams = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishExams = (input: { ids: number[] }) => call(routes.unpublish, input);

/** Certificate templates to link (silent: a manager without the certificate code sees an empty list). */
export const findCertificateOptions = () => call(certificateRoutes.templateList, { page: 1, size: 100 }, { silent: true });
