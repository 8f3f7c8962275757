import { coursewareRoutes as routes, type CoursewareInsert, type CoursewareListQuery, type CoursewareUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getCoursewareCategoryTree = () => call(routes.categoryTree);

export const findCoursewares = (input: Partial<CoursewareListQuery>) => call(routes.list, input);
export const getCoursewareById = (input: { id: number }) => call(routes.get, input);
export const insertCourseware = (input: CoursewareInsert) => call(routes.insert, input);
export const updateCourseware = (input: CoursewareUpdate) => call(routes.update, input);
export const deleteCoursewares = (input: { ids: number[] }) => call(routes.delete, input);
