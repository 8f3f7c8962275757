import { ExamCategoryInsertSchema, type ExamCategoryNode } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';
import { deleteExamCategory, getExamCategoryTree, insertExamCategory, sortExamCategory, updateExamCategory } from '../api';

/** The exam classification tree beside the exam list (code ksgl). */
export const ExamCategoryTree = defineCategoryTree<ExamCategoryNode>({
  testId: 'exam-categories',
  textPrefix: 'exam.category',
  permission: 'ksgl',
  queryKey: ['exams', 'categories'],
  api: { load: getExamCategoryTree, insert: insertExamCategory, update: updateExamCategory, remove: deleteExamCategory, sort: sortExamCategory },
  schema: ExamCategoryInsertSchema,
});
