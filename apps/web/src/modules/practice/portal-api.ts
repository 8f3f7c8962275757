import { mistakeRoutes, practiceRoutes, type AnswerValue, type MistakeListQuery, type MyExerciseQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** The student's practice and mistake set (a file of its own: the portal pulls no back-office route). */
export const findMyExercises = (q: Partial<MyExerciseQuery> & { page: number; size: number }) => call(practiceRoutes.my, q);
export const startPractice = (input: { exerciseId: number }) => call(practiceRoutes.start, input);
export const getPracticeSession = (input: { sessionId: number }) => call(practiceRoutes.session, input);
export const answerPractice = (input: { sessionId: number; position: number; answer: AnswerValue }) => call(practiceRoutes.answer, input);
export const finishPractice = (input: { sessionId: number }) => call(practiceRoutes.finish, input);

export const findMistakes = (q: Partial<MistakeListQuery> & { page: number; size: number }) => call(mistakeRoutes.list, q);
export const getMistakeSources = () => call(mistakeRoutes.sources);
export const answerMistake = (input: { id: number; answer: AnswerValue }) => call(mistakeRoutes.answer, input);
export const removeMistakes = (input: { ids: number[] }) => call(mistakeRoutes.remove, input);
