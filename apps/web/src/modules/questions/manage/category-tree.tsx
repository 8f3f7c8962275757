import { questionRoutes } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';

/** The question classification tree (code tkgl). */
export const QuestionCategoryTree = defineCategoryTree({ name: 'question', permission: 'tkgl', queryKey: ['questions', 'categories'], routes: questionRoutes });
