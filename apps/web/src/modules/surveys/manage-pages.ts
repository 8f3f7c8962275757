import { definePages } from '../../platform/pages';
import surveyResultPages from './results/manage-pages';

export default definePages([
  { path: 'manage-survey', load: () => import('./manage/SurveyListPage') },
  { path: 'add-survey', load: () => import('./manage/SurveyEditPage'), codes: ['dcgl'], titleKey: 'page.add-survey' },
  ...surveyResultPages,
]);
