import { definePages } from '../../platform/pages';
import { COURSE_CENTER_PAGES } from './course-center';

export default definePages([
  // Spec §2 `course`: the course group's own page, open to whoever holds one of its pages.
  { path: 'course', load: () => import('./manage/CourseCenterPage'), codes: COURSE_CENTER_PAGES.map((p) => p.code), titleKey: 'perm.group:course' },
  { path: 'manage-course', load: () => import('./manage/CourseListPage') },
  { path: 'manage-course-classify', load: () => import('./manage/CourseClassifyPage') },
  { path: 'add-course', load: () => import('./manage/CourseEditPage'), codes: ['kcgl:add', 'kcgl:modify'], titleKey: 'page.add-course' },
  { path: 'add-buildCourse', load: () => import('./manage/CourseBuildPage'), codes: ['kcgl:add', 'kcgl:modify'], titleKey: 'page.add-buildCourse' },
  { path: 'course-approval', load: () => import('./manage/CourseApprovalPage') },
  { path: 'manage-course-comment', load: () => import('./manage/CourseCommentPage') },
]);
