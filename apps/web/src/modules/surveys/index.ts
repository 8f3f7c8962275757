/** Surveys (issue 20): the public face of the web module. */
export { surveyAnswerPath } from './portal/routes';
