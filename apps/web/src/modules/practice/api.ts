import { exerciseRoutes as routes, type ExerciseCreate, type ExerciseListQuery, type ExerciseUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type ExerciseQuery = Partial<ExerciseListQuery> & { page: number; size: number };

export const findExercises = (q: ExerciseQuery) => call(routes.list, q);
export const getExerciseById = (input: { id: number }) => call(routes.get, input);
export const insertExercise = (input: ExerciseCreate) => call(routes.insert, input, { silent: true });
export const updateExercise = (input: ExerciseUpdate) => call(routes.update, input, { silent: true });
export const deleteExercises = (input: { ids: number[] }) => call(routes.delete, input);
export const publishExercises = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishExercises = (input: { ids: number[] }) => call(routes.unpublish, input);
/** Papers to practise (lxgl: the exercise's own picker). */
export const findPracticePapers = (input: { keyword?: string }) => call(routes.papers, input);
/** Question banks to practise (the question classification tree, read through lxgl). */
export const getPracticeBanks = () => call(routes.banks, undefined);
