import { CourseCategoryInsertSchema, type CourseCategoryNode } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';
import { deleteCourseCategory, getCourseCategoryTree, insertCourseCategory, sortCourseCategory, updateCourseCategory } from '../api';

/** The course classification tree (`manage-course-classify`, code kcfl). */
export const CourseCategoryTree = defineCategoryTree<CourseCategoryNode>({
  testId: 'course-categories',
  textPrefix: 'course.category',
  permission: 'kcfl',
  queryKey: ['courses', 'categories'],
  api: { load: getCourseCategoryTree, insert: insertCourseCategory, update: updateCourseCategory, remove: deleteCourseCategory, sort: sortCourseCategory },
  schema: CourseCategoryInsertSchema,
});
