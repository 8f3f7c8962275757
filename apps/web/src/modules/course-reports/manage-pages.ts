import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-study-report', load: () => import('./manage/StudyReportPage') },
  { path: 'person-report', load: () => import('./manage/PersonReportPage'), codes: ['bbtj'], titleKey: 'page.person-report' },
  { path: 'manage-course-report', load: () => import('./manage/CourseReportPage') },
  { path: 'course-info', load: () => import('./manage/CourseInfoPage'), codes: ['kctj'], titleKey: 'page.course-info' },
]);
