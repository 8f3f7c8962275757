import { QuestionCategoryInsertSchema, type QuestionCategoryNode } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';
import { deleteQuestionCategory, getQuestionCategoryTree, insertQuestionCategory, sortQuestionCategory, updateQuestionCategory } from '../api';

/** The question classification tree (code tkgl). */
export const QuestionCategoryTree = defineCategoryTree<QuestionCategoryNode>({
  testId: 'question-categories',
  textPrefix: 'question.category',
  permission: 'tkgl',
  queryKey: ['questions', 'categories'],
  api: { load: getQuestionCategoryTree, insert: insertQuestionCategory, update: updateQuestionCategory, remove: deleteQuestionCategory, sort: sortQuestionCategory },
  schema: QuestionCategoryInsertSchema,
});
