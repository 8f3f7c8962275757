import { questionnaireRoutes } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';

/** The questionnaire classification (sort) tree (code wjgl). */
export const QuestionnaireCategoryTree = defineCategoryTree({
  name: 'questionnaire',
  permission: 'wjgl',
  queryKey: ['questionnaires', 'categories'],
  routes: questionnaireRoutes,
});
