import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-feedback', load: () => import('./manage/FeedbackListPage') },
  { path: 'feedback-reply', load: () => import('./manage/FeedbackReplyPage'), codes: ['yjfk'], titleKey: 'page.feedback-reply' },
]);
