import { examRoutes } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';

/** The exam classification tree beside the exam list (code ksgl). */
export const ExamCategoryTree = defineCategoryTree({ name: 'exam', permission: 'ksgl', queryKey: ['exams', 'categories'], routes: examRoutes });
