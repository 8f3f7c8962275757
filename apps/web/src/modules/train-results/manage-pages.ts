import { definePages } from '../../platform/pages';

/**
 * Results pages under pxjgsp (the tree's manage-train-result), the class's satisfaction, performance and
 * charges under pxapgl (the arrangement of the class; spec §6 gives these pages no code of their own).
 */
export default definePages([
  { path: 'manage-train-result', load: () => import('./manage/ResultClassListPage') },
  { path: 'enter-result', load: () => import('./manage/EnterResultPage'), codes: ['pxjgsp'], titleKey: 'page.enter-result' },
  { path: 'manage-exam-result', load: () => import('./manage/ExamResultPage'), codes: ['pxjgsp'], titleKey: 'page.manage-exam-result' },
  { path: 'manage-mix-train-result', load: () => import('./manage/MixedResultPage'), codes: ['pxjgsp'], titleKey: 'page.manage-mix-train-result' },
  { path: 'manage-train-survey', load: () => import('./manage/SurveySetupPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-survey' },
  { path: 'manage-train-satisfaction', load: () => import('./manage/SatisfactionPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-satisfaction' },
  { path: 'manage-train-performance', load: () => import('./manage/PerformancePage'), codes: ['pxapgl'], titleKey: 'page.manage-train-performance' },
  { path: 'manage-train-chargeDetails', load: () => import('./manage/ChargesPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-chargeDetails' },
]);
