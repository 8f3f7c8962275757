import {
  coursewareRoutes as routes,
  type CoursewareCategoryInsert,
  type CoursewareCategoryUpdate,
  type CoursewareInsert,
  type CoursewareListQuery,
  type CoursewareUpdate,
  type TreeSort,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getCoursewareCategoryTree = () => call(routes.categoryTree);
export const insertCoursewareCategory = (input: CoursewareCategoryInsert) => call(routes.categoryInsert, input, { silent: true });
export const updateCoursewareCategory = (input: CoursewareCategoryUpdate) => call(routes.categoryUpdate, input, { silent: true });
export const deleteCoursewareCategory = (input: { id: number }) => call(routes.categoryDelete, input, { silent: true });
export const sortCoursewareCategory = (input: TreeSort) => call(routes.categorySort, input);

export const findCoursewares = (input: Partial<CoursewareListQuery>) => call(routes.list, input as CoursewareListQuery);
export const getCoursewareById = (input: { id: number }) => call(routes.get, input);
export const insertCourseware = (input: CoursewareInsert) => call(routes.insert, input);
export const updateCourseware = (input: CoursewareUpdate) => call(routes.update, input);
export const deleteCoursewares = (input: { ids: number[] }) => call(routes.delete, input);
