import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-questionnaires', load: () => import('./manage/QuestionnaireListPage') },
  { path: 'add-questionnaire', load: () => import('./manage/QuestionnaireEditPage'), codes: ['wjgl:add', 'wjgl:modify'], titleKey: 'page.add-questionnaire' },
]);
