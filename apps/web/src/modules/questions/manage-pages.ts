import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-questions', load: () => import('./manage/QuestionListPage') },
  { path: 'add-question', load: () => import('./manage/QuestionEditPage'), codes: ['tkgl:add', 'tkgl:modify'], titleKey: 'page.add-question' },
  { path: 'approval-questions', load: () => import('./manage/QuestionApprovalPage'), codes: ['tkgl:approve'], titleKey: 'page.approval-questions' },
  { path: 'add-question-upload', load: () => import('./manage/QuestionUploadPage'), codes: ['tkgl:import'], titleKey: 'page.add-question-upload' },
]);
