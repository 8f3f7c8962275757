import {
  questionRoutes as routes,
  type QuestionCategoryInsert,
  type QuestionCategoryUpdate,
  type QuestionInsert,
  type QuestionListQuery,
  type QuestionRefuse,
  type QuestionUpdate,
  type TreeSort,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getQuestionCategoryTree = () => call(routes.categoryTree);
export const insertQuestionCategory = (input: QuestionCategoryInsert) => call(routes.categoryInsert, input, { silent: true });
export const updateQuestionCategory = (input: QuestionCategoryUpdate) => call(routes.categoryUpdate, input, { silent: true });
export const deleteQuestionCategory = (input: { id: number }) => call(routes.categoryDelete, input, { silent: true });
export const sortQuestionCategory = (input: TreeSort) => call(routes.categorySort, input);

export const findQuestions = (input: Partial<QuestionListQuery>) => call(routes.list, input as QuestionListQuery);
export const getQuestionById = (input: { id: number }) => call(routes.get, input);
export const insertQuestion = (input: QuestionInsert) => call(routes.insert, input, { silent: true });
export const updateQuestion = (input: QuestionUpdate) => call(routes.update, input, { silent: true });
export const deleteQuestions = (input: { ids: number[] }) => call(routes.delete, input);
export const submitQuestions = (input: { ids: number[] }) => call(routes.submit, input);
export const approveQuestions = (input: { ids: number[] }) => call(routes.approve, input);
export const refuseQuestions = (input: QuestionRefuse) => call(routes.refuse, input);
