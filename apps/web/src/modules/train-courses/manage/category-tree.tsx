import { trainCourseRoutes } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';

/** The classification tree of face-to-face courses (beside the list, code pxkcgl). */
export const TrainCourseCategoryTree = defineCategoryTree({ name: 'trainCourse', permission: 'pxkcgl', queryKey: ['train-course', 'categories'], routes: trainCourseRoutes });
