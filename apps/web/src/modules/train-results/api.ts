import {
  trainResultRoutes as routes,
  type TrainChargeInput,
  type TrainChargeUpdate,
  type TrainResultClassQuery,
  type TrainResultEntry,
  type TrainSurveySet,
  type AnswerSet,
} from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type ClassQuery = Partial<TrainResultClassQuery> & { page: number; size: number };

export const findResultClasses = (q: ClassQuery) => call(routes.classes, q);
export const getResultSheet = (input: { classId: number }) => call(routes.sheet, input);
export const enterResults = (input: { classId: number; results: TrainResultEntry[] }, opts?: CallOptions) => call(routes.enter, input, opts);
export const submitResults = (input: { classId: number }) => call(routes.submit, input);
export const approveResults = (input: { classId: number }) => call(routes.approve, input);
export const refuseResults = (input: { classId: number; reason: string }) => call(routes.refuse, input);

export const downloadResultTemplate = () => call(routes.template);
export const downloadResultImportErrors = (input: { id: string }) => call(routes.importErrors, input);
/** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
export function importResults(classId: number, input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form, classId, mode: input.mode }, { silent: true, timeout: 300_000 });
}

export const getExamResults = (input: { classId: number }) => call(routes.examResults, input);
export const linkExams = (input: { classId: number; examIds: number[] }) => call(routes.linkExams, input);
/** Exams in the caller's scope to link. */
export const findExamChoices = (keyword?: string) => call(routes.examChoices, keyword ? { keyword } : {});
export const getMixedCompletion = (input: { classId: number }) => call(routes.mixed, input);

export const getSurveySetup = (input: { classId: number }) => call(routes.surveys, input);
export const setSurvey = (input: TrainSurveySet) => call(routes.setSurvey, input);
/** Published questionnaire templates in the caller's scope. */
export const findTemplateChoices = (keyword?: string) => call(routes.templateChoices, keyword ? { keyword } : {});
export const getSatisfaction = (input: { classId: number }) => call(routes.satisfaction, input);
export const getMySurveys = (input: { classId: number }) => call(routes.mySurveys, input);
export const answerSurvey = (input: { surveyId: number; answers: AnswerSet }) => call(routes.answer, input, { silent: true });
export const getMyEvaluation = () => call(routes.myEvaluation);

export const findPerformance = (q: ClassQuery) => call(routes.performance, q);

export const findCharges = (q: { classId: number; page: number; size: number }) => call(routes.charges, q);
export const insertCharge = (input: TrainChargeInput) => call(routes.insertCharge, input, { silent: true });
export const updateCharge = (input: TrainChargeUpdate) => call(routes.updateCharge, input, { silent: true });
export const deleteCharges = (input: { ids: number[] }) => call(routes.deleteCharge, input);
export const getPlanActual = (input: { yearPlanId: number }) => call(routes.planActual, input);
