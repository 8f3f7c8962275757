/**
 * Survey results (issue 20): what the rest of the surveys module takes from this folder — links and
 * the respondent's route (`SURVEY_RESULT_PORTAL_ROUTES`, beside the student center's survey routes).
 * The management pages are listed in `./manage-pages.ts`, spread by the module's manage-pages.ts
 * (not exported here: the portal's first download must not reach them).
 */
export { mySurveyResultPath, surveyOrgReportPath, surveyResultPath } from './paths';

export const SURVEY_RESULT_PORTAL_ROUTES = [{ path: 'questionnaire/:id/result', titleKey: 'surveyResult.myTitle', load: () => import('./MySurveyResultPage') }] as const;
