import {
  courseRoutes as routes,
  type CourseChaptersSave,
  type CourseCommentListQuery,
  type CourseCommentManageQuery,
  type CourseCommentPost,
  type CourseInsert,
  type CourseListQuery,
  type CourseRefuse,
  type CourseUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

export const getCourseCategoryTree = () => call(routes.categoryTree);

export const findCourses = (input: Partial<CourseListQuery>) => call(routes.list, input);
/** The list's courses as an Excel file (its filters and order; the page and size are the list's own). */
export const exportCourses = (filters: Omit<Partial<CourseListQuery>, 'page' | 'size'>) => call(routes.export, { ...filters, ...exportLocale() }, { timeout: 5 * 60_000 });
export const getCourseById = (input: { id: number }) => call(routes.get, input);
export const insertCourse = (input: CourseInsert) => call(routes.insert, input, { silent: true });
export const updateCourse = (input: CourseUpdate) => call(routes.update, input, { silent: true });
export const saveCourseChapters = (input: CourseChaptersSave) => call(routes.saveChapters, input, { silent: true });
export const deleteCourses = (input: { ids: number[] }) => call(routes.delete, input);
export const publishCourses = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishCourses = (input: { ids: number[] }) => call(routes.unpublish, input);
export const offShelfCourses = (input: { ids: number[] }) => call(routes.offShelf, input);
export const submitCourses = (input: { ids: number[] }) => call(routes.submit, input);

export const findPendingCourses = (input: Partial<CourseListQuery>) => call(routes.approvalList, input);
export const approveCourses = (input: { ids: number[] }) => call(routes.approve, input);
export const refuseCourses = (input: CourseRefuse) => call(routes.refuse, input);

export const findCourseComments = (input: CourseCommentListQuery) => call(routes.commentList, input);
export const postCourseComment = (input: Partial<CourseCommentPost> & { courseId: number; content: string }) => call(routes.commentPost, input, { silent: true });
export const findManagedComments = (input: Partial<CourseCommentManageQuery>) => call(routes.commentManageList, input);
export const shieldComments = (input: { ids: number[] }) => call(routes.commentShield, input);
export const restoreComments = (input: { ids: number[] }) => call(routes.commentRestore, input);
export const findLecturerOptions = (input: { keyword?: string }) => call(routes.lecturerOptions, input);
export const findCertificateOptions = (input: { keyword?: string }) => call(routes.certificateOptions, input);
export const findCoursewareOptions = (input: { keyword?: string }) => call(routes.coursewareOptions, input);
