import { courseRoutes } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';

/** The course classification tree (`manage-course-classify`, code kcfl). */
export const CourseCategoryTree = defineCategoryTree({ name: 'course', permission: 'kcfl', queryKey: ['courses', 'categories'], routes: courseRoutes });
