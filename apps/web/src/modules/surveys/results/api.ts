import {
  surveyRoutes as routes,
  type SurveyOrgReportQuery,
  type SurveyRemind,
  type SurveyReportQuery,
  type SurveyResultQuery,
  type SurveyTextQuery,
  type SurveyUnansweredQuery,
} from '@hanlin/shared';
import { call } from '../../../platform/api/call';
import { exportLocale } from '../../../platform/api/export-locale';

type Paged<Q> = Partial<Q> & { page: number; size: number };
const LONG = { timeout: 5 * 60_000 };

export const getSurveyResult = (q: SurveyResultQuery) => call(routes.result, q);
export const findSurveyTexts = (q: Paged<SurveyTextQuery> & { id: number; key: string }) => call(routes.resultTexts, q);
export const findUnanswered = (q: Paged<SurveyUnansweredQuery> & { id: number }) => call(routes.unanswered, q);
export const remindUnanswered = (q: SurveyRemind) => call(routes.remind, q);
export const exportSurveyAnswers = (q: SurveyResultQuery) => call(routes.exportAnswers, { ...q, ...exportLocale() }, LONG);
export const exportSurveySummary = (q: SurveyResultQuery) => call(routes.exportSummary, { ...q, ...exportLocale() }, LONG);
export const findSurveyReport = (q: Paged<SurveyReportQuery>) => call(routes.report, q);
export const findSurveyOrgReport = (q: Paged<SurveyOrgReportQuery> & { id: number }) => call(routes.orgReport, q);
export const getMySurveyResult = (id: number) => call(routes.myResult, { id });
