import {
  questionnaireRoutes,
  surveyRoutes as routes,
  type MySurveyQuery,
  type SurveyAnswerBody,
  type SurveyInsert,
  type SurveyListQuery,
  type SurveyUpdate,
} from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type SurveyQuery = Partial<SurveyListQuery> & { page: number; size: number };

// Management (dcgl).
export const findSurveys = (q: SurveyQuery) => call(routes.list, q);
export const getSurveyById = (input: { id: number }) => call(routes.get, input);
export const insertSurvey = (input: SurveyInsert, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateSurvey = (input: SurveyUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteSurveys = (input: { ids: number[] }) => call(routes.delete, input);
export const releaseSurveys = (input: { ids: number[] }) => call(routes.release, input);
export const unreleaseSurveys = (input: { ids: number[] }) => call(routes.unrelease, input);

/** Published templates to build a survey from, and one template's items (the questionnaire routes dcgl may read). */
export const findPublishedTemplates = (q: { keyword?: string; page?: number; size?: number }) =>
  call(questionnaireRoutes.list, { page: 1, size: 20, ...q, status: 'published' });
export const getTemplate = (input: { id: number }) => call(questionnaireRoutes.get, input);

// The respondent's side (any signed-in person in the audience).
export const findMySurveys = (q: MySurveyQuery) => call(routes.my, q);
export const getSurveySheet = (input: { id: number }) => call(routes.sheet, input);
export const saveSurveyDraft = (input: SurveyAnswerBody, opts?: CallOptions) => call(routes.saveDraft, input, opts);
export const submitSurvey = (input: SurveyAnswerBody, opts?: CallOptions) => call(routes.submit, input, opts);
/** The questionnaire classification tree (shared by templates and surveys). */
export const getQuestionnaireCategoryTree = () => call(questionnaireRoutes.categoryTree);
