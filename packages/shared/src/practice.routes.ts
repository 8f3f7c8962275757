import { z } from 'zod';
import { IdsSchema, pageSchema } from './api.js';
import { CountSchema, batchRoute, defineRoute, listGetRoutes, publishRoutes, writeRoute } from './contract.js';
import {
  ExerciseCreateSchema,
  ExerciseDetailSchema,
  ExerciseIdBodySchema,
  ExerciseListQuerySchema,
  ExerciseRowSchema,
  ExerciseUpdateSchema,
  MistakeAnswerResultSchema,
  MistakeAnswerSchema,
  MistakeListQuerySchema,
  MistakeRowSchema,
  MistakeSourceRowSchema,
  MyExerciseQuerySchema,
  MyExerciseRowSchema,
  PracticeAnswerResultSchema,
  PracticeAnswerSchema,
  PracticeSessionIdSchema,
  PracticeSessionSchema,
} from './practice.js';
import { ExamPaperInfoSchema, ExamPaperSearchSchema } from './exams.js';
import { QuestionCategoryNodeSchema } from './questions.js';

const student = { permission: 'authenticated', tags: ['student'] } as const;

/** Exercises (back office, code lxgl; data scope by the exercise's organization). */
export const exerciseRoutes = {
  ...listGetRoutes('/api/exercise', ['lxgl'], { query: ExerciseListQuerySchema, row: ExerciseRowSchema, detail: ExerciseDetailSchema }),
  /** Papers to practise, by name (the exercise dialog's picker: an exercise manager needs no exam code). */
  papers: defineRoute({ method: 'POST', path: '/api/exercise/papers', permission: ['lxgl'], body: ExamPaperSearchSchema, response: z.array(ExamPaperInfoSchema) }),
  /** Question banks to practise (the question classification tree, read-only). */
  banks: defineRoute({ method: 'POST', path: '/api/exercise/banks', permission: ['lxgl'], response: z.array(QuestionCategoryNodeSchema) }),
  insert: writeRoute('/api/exercise/insert', ['lxgl:add'], 'exercise.insert', { body: ExerciseCreateSchema, response: ExerciseDetailSchema }),
  update: writeRoute('/api/exercise/update', ['lxgl:modify'], 'exercise.update', { body: ExerciseUpdateSchema, response: ExerciseDetailSchema }),
  delete: batchRoute('/api/exercise/delete', ['lxgl:delete'], 'exercise.delete'),
  /** EXERCISE_SUBJECTIVE_CANNOT_PUBLISH, PAPER_DELETED_OR_EMPTY. */
  ...publishRoutes('/api/exercise', 'lxgl', 'exercise'),
};

/** The student's practice: exercises open to them, sessions with immediate feedback. */
export const practiceRoutes = {
  my: defineRoute({ method: 'POST', path: '/api/practice/my', ...student, body: MyExerciseQuerySchema, response: pageSchema(MyExerciseRowSchema) }),
  /** Starts a session (or resumes the running one): PRACTICE_TIMES_USED_UP, PAPER_DELETED_OR_EMPTY. */
  start: defineRoute({ method: 'POST', path: '/api/practice/start', ...student, body: ExerciseIdBodySchema, response: PracticeSessionSchema }),
  session: defineRoute({ method: 'POST', path: '/api/practice/session', ...student, body: PracticeSessionIdSchema, response: PracticeSessionSchema }),
  /** Marks one answer at once: EXAM_TIME_OVER past the time limit, REPEAT_SUBMIT_ERROR for a question already answered. */
  answer: defineRoute({ method: 'POST', path: '/api/practice/answer', ...student, body: PracticeAnswerSchema, response: PracticeAnswerResultSchema }),
  /** Ends the session (the summary); ending it again answers the same. */
  finish: defineRoute({ method: 'POST', path: '/api/practice/finish', ...student, body: PracticeSessionIdSchema, response: PracticeSessionSchema }),
};

/** The student's mistake set (wrong questions of exams and practice). */
export const mistakeRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/mistake/list', ...student, body: MistakeListQuerySchema, response: pageSchema(MistakeRowSchema) }),
  sources: defineRoute({ method: 'POST', path: '/api/mistake/sources', ...student, response: z.array(MistakeSourceRowSchema) }),
  /** Re-practice one wrong question: feedback at once; answered right, it leaves the set. */
  answer: defineRoute({ method: 'POST', path: '/api/mistake/answer', ...student, body: MistakeAnswerSchema, response: MistakeAnswerResultSchema }),
  remove: defineRoute({ method: 'POST', path: '/api/mistake/remove', ...student, body: IdsSchema, response: CountSchema }),
};
