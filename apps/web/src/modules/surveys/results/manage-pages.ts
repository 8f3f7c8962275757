import { definePages } from '../../../platform/pages';

/** The results pages of surveys (dcgl); the module's manage-pages.ts spreads them into its own list. */
export default definePages([
  { path: 'survey-result', load: () => import('./SurveyResultPage'), codes: ['dcgl'], titleKey: 'page.survey-result' },
  { path: 'manage-survey-report', load: () => import('./SurveyReportPage'), codes: ['dcgl'], titleKey: 'page.manage-survey-report' },
  { path: 'manage-surveydetail-report', load: () => import('./SurveyOrgReportPage'), codes: ['dcgl'], titleKey: 'page.manage-surveydetail-report' },
]);
