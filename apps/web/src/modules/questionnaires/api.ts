import { questionnaireRoutes as routes, type QuestionnaireCopy, type QuestionnaireInsert, type QuestionnaireListQuery, type QuestionnaireUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getQuestionnaireCategoryTree = () => call(routes.categoryTree);

export const findQuestionnaires = (input: Partial<QuestionnaireListQuery>) => call(routes.list, input);
export const getQuestionnaireById = (input: { id: number }) => call(routes.get, input);
/** Silent: a refusal lands on the form field it names (the page reports the rest). */
export const insertQuestionnaire = (input: QuestionnaireInsert) => call(routes.insert, input, { silent: true });
export const updateQuestionnaire = (input: QuestionnaireUpdate) => call(routes.update, input, { silent: true });
/** A draft copy named `name` (unique among templates). */
export const copyQuestionnaire = (input: QuestionnaireCopy) => call(routes.copy, input, { silent: true });
/** A template a survey was built from is refused (`IN_USE_QUESTIONNAIRE`, shown as the server says it). */
export const deleteQuestionnaires = (input: { ids: number[] }) => call(routes.delete, input);
/** Publishing needs at least one question (`CONTENT_INCOMPLETE`). */
export const publishQuestionnaires = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishQuestionnaires = (input: { ids: number[] }) => call(routes.unpublish, input);

// ---- Excel: one template per file ----
export const downloadQuestionnaireTemplate = () => call(routes.template);
/** `check` validates every row; `commit` makes a new draft template named after the file (the good rows only with `skipInvalid`). */
export function importQuestionnaire(input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form }, { silent: true, timeout: 300_000 });
}
export const downloadQuestionnaireImportErrors = (input: { id: string }) => call(routes.importErrors, input);
/** One template in the import's format. */
export const exportQuestionnaire = (input: { id: number }) => call(routes.export, input, { timeout: 300_000 });
