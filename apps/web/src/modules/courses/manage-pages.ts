import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-course', load: () => import('./manage/CourseListPage') },
  { path: 'manage-course-classify', load: () => import('./manage/CourseClassifyPage') },
  { path: 'add-course', load: () => import('./manage/CourseEditPage'), codes: ['kcgl:add', 'kcgl:modify'], titleKey: 'page.add-course' },
  { path: 'add-buildCourse', load: () => import('./manage/CourseBuildPage'), codes: ['kcgl:add', 'kcgl:modify'], titleKey: 'page.add-buildCourse' },
  { path: 'course-approval', load: () => import('./manage/CourseApprovalPage') },
  { path: 'manage-course-comment', load: () => import('./manage/CourseCommentPage') },
]);
