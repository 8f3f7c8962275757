import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-test', load: () => import('./manage/ExamListPage') },
  { path: 'add-test', load: () => import('./manage/ExamEditPage'), codes: ['ksgl:add', 'ksgl:modify'], titleKey: 'page.add-test' },
  { path: 'manage-test-detail', load: () => import('./manage/ExamDetailPage'), codes: ['ksgl'], titleKey: 'page.manage-test-detail' },
  { path: 'manage-marking', load: () => import('./manage/grades/MarkingPage'), codes: ['cjpy'] },
  { path: 'paper-detail', load: () => import('./manage/grades/PaperDetailPage'), codes: ['cjgl', 'cjpy'], titleKey: 'page.paper-detail' },
  { path: 'manage-grade', load: () => import('./manage/grades/GradeListPage'), codes: ['cjgl'] },
  { path: 'manage-grade-preview', load: () => import('./manage/grades/GradePreviewPage'), codes: ['cjgl'], titleKey: 'page.manage-grade-preview' },
  { path: 'manage-grade-count', load: () => import('./manage/grades/GradeCountPage'), codes: ['cjgl'], titleKey: 'page.manage-grade-count' },
  { path: 'manage-grade-update', load: () => import('./manage/grades/GradeUpdatePage'), codes: ['cjgl:modify'], titleKey: 'page.manage-grade-update' },
  { path: 'grade-ranking', load: () => import('./manage/grades/RankingPage'), codes: ['cjgl'], titleKey: 'page.grade-ranking' },
  { path: 'test-statistics', load: () => import('./manage/grades/TestStatisticsPage'), codes: ['cjgl'], titleKey: 'page.test-statistics' },
  { path: 'grade-statistics', load: () => import('./manage/grades/GradeStatisticsPage'), codes: ['cjgl'], titleKey: 'page.grade-statistics' },
  { path: 'mistake-analyze', load: () => import('./manage/grades/MistakePage'), codes: ['cjgl'], titleKey: 'page.mistake-analyze' },
  { path: 'manage-course-integralStatistics', load: () => import('./manage/grades/PersonTotalsPage'), codes: ['cjgl'], titleKey: 'page.manage-course-integralStatistics' },
  { path: 'test-integral-detail', load: () => import('./manage/grades/PersonExamsPage'), codes: ['cjgl'], titleKey: 'page.test-integral-detail' },
]);
