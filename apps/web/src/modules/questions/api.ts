import { questionRoutes as routes, type QuestionInsert, type QuestionListQuery, type QuestionRefuse, type QuestionType, type QuestionUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getQuestionCategoryTree = () => call(routes.categoryTree);

export const findQuestions = (input: Partial<QuestionListQuery>) => call(routes.list, input);
export const getQuestionById = (input: { id: number }) => call(routes.get, input);
export const insertQuestion = (input: QuestionInsert) => call(routes.insert, input, { silent: true });
export const updateQuestion = (input: QuestionUpdate) => call(routes.update, input, { silent: true });
export const deleteQuestions = (input: { ids: number[] }) => call(routes.delete, input);
export const submitQuestions = (input: { ids: number[] }) => call(routes.submit, input);
export const approveQuestions = (input: { ids: number[] }) => call(routes.approve, input);
export const unpublishQuestions = (input: { ids: number[] }) => call(routes.unpublish, input);
export const refuseQuestions = (input: QuestionRefuse) => call(routes.refuse, input);

/** The Excel template of one type. */
export const downloadQuestionTemplate = (input: { type: QuestionType }) => call(routes.template, input);
/** The questions of the list's filters (a bank: its classification), every type in one sheet. */
export const exportQuestions = (q: Partial<QuestionListQuery>) => call(routes.export, q, { timeout: 300_000 });
/** `check` validates every row against the type's rules; `commit` writes (the good rows only with `skipInvalid`). */
export function importQuestions(type: QuestionType, input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form, type }, { silent: true, timeout: 300_000 });
}
export const downloadQuestionImportErrors = (input: { id: string }) => call(routes.importErrors, input);
