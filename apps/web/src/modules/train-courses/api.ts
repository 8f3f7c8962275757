import {
  trainCourseRoutes as routes,
  type TrainCourseCreate,
  type TrainCourseExport,
  type TrainCourseListQuery,
  type TrainCourseOptionQuery,
  type TrainCourseUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

export const getTrainCourseCategoryTree = () => call(routes.categoryTree);
export const findTrainCourses = (q: Partial<TrainCourseListQuery>) => call(routes.list, q);
export const getTrainCourse = (input: { id: number }) => call(routes.get, input);
export const insertTrainCourse = (input: TrainCourseCreate) => call(routes.insert, input, { silent: true });
export const updateTrainCourse = (input: TrainCourseUpdate) => call(routes.update, input, { silent: true });
export const deleteTrainCourses = (input: { ids: number[] }) => call(routes.delete, input);
export const enableTrainCourses = (input: { ids: number[] }) => call(routes.enable, input);
export const disableTrainCourses = (input: { ids: number[] }) => call(routes.disable, input);
export const exportTrainCourses = (q: Omit<TrainCourseExport, 'lang' | 'timeZone'>) => call(routes.export, { ...q, ...exportLocale() }, { timeout: 5 * 60_000 });
export const findTrainCourseOptions = (q: TrainCourseOptionQuery) => call(routes.options, q);
export const findTrainCourseLecturers = (q: { keyword?: string }) => call(routes.lecturerOptions, q);
