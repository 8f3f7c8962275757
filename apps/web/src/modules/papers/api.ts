import { paperRoutes as routes, questionRoutes, type PaperInsert, type PaperListQuery, type PaperUpdate, type QuestionType } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const findPapers = (input: Partial<PaperListQuery>) => call(routes.list, input);
export const getPaperById = (input: { id: number }) => call(routes.get, input);
export const insertPaper = (input: PaperInsert) => call(routes.insert, input, { silent: true });
export const updatePaper = (input: PaperUpdate) => call(routes.update, input, { silent: true });
export const deletePapers = (input: { ids: number[] }) => call(routes.delete, input);
export const previewPaper = (input: { id: number; seed?: string }) => call(routes.preview, input);

/** The approved questions a paper may hand-pick (search on the stem). */
export const findApprovedQuestions = (input: { keyword?: string; type?: QuestionType }) => call(questionRoutes.list, { page: 1, size: 20, status: 'approved', ...input });
/** The banks (question classifications) rules draw from. */
export const getBanks = () => call(questionRoutes.categoryTree);
