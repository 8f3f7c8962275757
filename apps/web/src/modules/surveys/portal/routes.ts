import { SURVEY_RESULT_PORTAL_ROUTES } from '../results/index';

/**
 * The student's survey pages under the student center: "my surveys" is the `questionnaires` section
 * (app/routes/portal-paths.ts); the answer page is below. Link to it with `surveyAnswerPath`.
 */
export const surveyAnswerPath = (id: number) => `/student-center/questionnaire/${id}`;

export const SURVEY_PORTAL_ROUTES = [
  { path: 'questionnaire/:id', titleKey: 'surveyPortal.answerTitle', load: () => import('./SurveyAnswerPage') },
  // The respondent's view of public results (modules/surveys/results).
  ...SURVEY_RESULT_PORTAL_ROUTES,
] as const;
