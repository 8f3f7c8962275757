import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';
import { AnswerValueSchema } from './exam-taking.js';
import { PUBLISH_STATES, defineLifecycle, definePublishLifecycle } from './lifecycle.js';
import { DrawnQuestionSchema } from './papers.js';
import { QUESTION_TYPES } from './questions.js';

/**
 * Practice (exercises, spec §3/§8): a paper or a question bank opened to an audience for practice,
 * a number of times with a time limit, each answer marked at once with the right answer and the
 * analysis. Managed with the exams code `lxgl` (the spec names none for exercises).
 */
export const EXERCISE_STATUSES = PUBLISH_STATES;
export type ExerciseStatus = (typeof EXERCISE_STATUSES)[number];
export const EXERCISE_LIFECYCLE = definePublishLifecycle('exercises', 'practice', { deletable: ['draft'] });
export type ExerciseCommand = (typeof EXERCISE_LIFECYCLE.commands)[number];
export const ExerciseAbilitiesSchema = EXERCISE_LIFECYCLE.abilitiesSchema;
export type ExerciseAbilities = z.infer<typeof ExerciseAbilitiesSchema>;

/** Audience owner type of exercises (audiences module). */
export const EXERCISE_AUDIENCE = 'exercise';
export const EXERCISE_SOURCES = ['paper', 'bank'] as const;
export type ExerciseSource = (typeof EXERCISE_SOURCES)[number];
export const EXERCISE_NAME_MAX = 200;
/** Questions drawn from a bank per session, at most. */
export const EXERCISE_BANK_QUESTIONS_MAX = 200;

const exerciseFields = {
  name: z.string().trim().min(1).max(EXERCISE_NAME_MAX),
  sourceKind: z.enum(EXERCISE_SOURCES),
  /** Source `paper`: the paper drawn for every session. */
  paperId: IdSchema.nullable().default(null),
  /** Source `bank`: a question classification with its subtree … */
  categoryId: IdSchema.nullable().default(null),
  /** … and how many of its approved questions a session draws. */
  questionCount: z.number().int().min(1).max(EXERCISE_BANK_QUESTIONS_MAX).nullable().default(null),
  /** Sessions a person may start (spec §5: greater than 0). */
  times: z.number().int().min(1).max(999),
  /** Minutes one session may last (spec §5: greater than 0). */
  timeLimit: z.number().int().min(1).max(1440),
  /** Marked by the system only: a paper with subjective questions cannot be published; a bank draws objective questions only. */
  autoMarking: z.boolean().default(true),
  audience: AudienceSchema,
};
const sourceComplete = (v: { sourceKind: ExerciseSource; paperId: number | null; categoryId: number | null; questionCount: number | null }, ctx: z.RefinementCtx) => {
  if (v.sourceKind === 'paper' && v.paperId == null) ctx.addIssue({ code: 'custom', path: ['paperId'], message: 'required' });
  if (v.sourceKind === 'bank' && v.categoryId == null) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'required' });
  if (v.sourceKind === 'bank' && v.questionCount == null) ctx.addIssue({ code: 'custom', path: ['questionCount'], message: 'required' });
};
export const ExerciseCreateSchema = z.object(exerciseFields).superRefine(sourceComplete);
export type ExerciseCreate = z.infer<typeof ExerciseCreateSchema>;
export const ExerciseUpdateSchema = z.object(exerciseFields).extend({ id: IdSchema }).superRefine(sourceComplete);
export type ExerciseUpdate = z.infer<typeof ExerciseUpdateSchema>;

export const EXERCISE_SORT_KEYS = ['id', 'name', 'createdAt'] as const;
export const ExerciseListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: EXERCISE_LIFECYCLE.stateSchema.optional(),
});
export type ExerciseListQuery = z.infer<typeof ExerciseListQuerySchema>;

export const ExerciseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sourceKind: z.enum(EXERCISE_SOURCES),
  paperId: z.number().nullable(),
  paperName: z.string().nullable(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  questionCount: z.number().nullable(),
  times: z.number(),
  timeLimit: z.number(),
  autoMarking: z.boolean(),
  status: EXERCISE_LIFECYCLE.stateSchema,
  orgName: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Sessions started by anyone. */
  sessionCount: z.number(),
  abilities: ExerciseAbilitiesSchema,
});
export type ExerciseRow = z.infer<typeof ExerciseRowSchema>;
export const ExerciseDetailSchema = ExerciseRowSchema.extend({ audience: z.array(AudienceTargetRowSchema) });
export type ExerciseDetail = z.infer<typeof ExerciseDetailSchema>;

/** "My practice": published exercises whose audience holds the caller. */
export const MyExerciseQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export type MyExerciseQuery = z.infer<typeof MyExerciseQuerySchema>;
export const MyExerciseRowSchema = ExerciseRowSchema.pick({ id: true, name: true, sourceKind: true, times: true, timeLimit: true }).extend({
  /** Sessions the caller started. */
  used: z.number(),
  /** The caller's session still running (resume it), if any. */
  ongoingSessionId: z.number().nullable(),
  /** The caller's last finished session: right answers and questions. */
  lastCorrect: z.number().nullable(),
  lastQuestions: z.number().nullable(),
});
export type MyExerciseRow = z.infer<typeof MyExerciseRowSchema>;

/** The key shown after answering: the right choices or blanks, the reference answer and the analysis. */
export const PracticeKeySchema = z.object({
  answers: z.array(z.string()),
  blanks: z.array(z.array(z.string())),
  answerText: z.string(),
  analysis: z.string(),
});
export type PracticeKey = z.infer<typeof PracticeKeySchema>;
/** Immediate feedback: `correct`/`score` null for a question the system does not mark (the reference answer is shown). */
export const PracticeFeedbackSchema = z.object({
  correct: z.boolean().nullable(),
  score: z.number().nullable(),
  key: PracticeKeySchema,
});
export type PracticeFeedback = z.infer<typeof PracticeFeedbackSchema>;

export const PracticeQuestionSchema = DrawnQuestionSchema.extend({
  answer: AnswerValueSchema.nullable(),
  /** Present once answered. */
  feedback: PracticeFeedbackSchema.nullable(),
});
export type PracticeQuestion = z.infer<typeof PracticeQuestionSchema>;

export const PracticeSummarySchema = z.object({
  questions: z.number(),
  answered: z.number(),
  correct: z.number(),
  wrong: z.number(),
  /** Answered but not marked by the system (subjective). */
  unmarked: z.number(),
  score: z.number(),
  total: z.number(),
});
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;

export const PracticeSessionSchema = z.object({
  sessionId: z.number(),
  exerciseId: z.number(),
  exerciseName: z.string(),
  /** 1 for the caller's first session of this exercise. */
  number: z.number(),
  times: z.number(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  serverNow: z.string(),
  /** The server's clock: 0 once the time limit passed (the session is over). */
  remainingSeconds: z.number(),
  finished: z.boolean(),
  questions: z.array(PracticeQuestionSchema),
  summary: PracticeSummarySchema,
});
export type PracticeSession = z.infer<typeof PracticeSessionSchema>;

export const ExerciseIdBodySchema = z.object({ exerciseId: IdSchema });
export const PracticeSessionIdSchema = z.object({ sessionId: IdSchema });
/** One answer, once: the feedback reveals the key, so a question answered stays answered. */
export const PracticeAnswerSchema = z.object({
  sessionId: IdSchema,
  position: z.number().int().min(1).max(1000),
  answer: AnswerValueSchema,
});
export type PracticeAnswer = z.infer<typeof PracticeAnswerSchema>;
export const PracticeAnswerResultSchema = z.object({
  position: z.number(),
  feedback: PracticeFeedbackSchema,
  remainingSeconds: z.number(),
  summary: PracticeSummarySchema,
});
export type PracticeAnswerResult = z.infer<typeof PracticeAnswerResultSchema>;

/**
 * The mistake set (student center, spec "wrong questions"): the caller's wrong answers in marked
 * exam attempts and in practice, one entry per question and source, counted each time it was wrong.
 */
export const MISTAKE_SOURCES = ['exam', 'practice'] as const;
export type MistakeSource = (typeof MISTAKE_SOURCES)[number];
export const MISTAKE_SORT_KEYS = ['lastWrongAt', 'times'] as const;
export const MistakeListQuerySchema = PageQuerySchema.extend({
  sourceKind: z.enum(MISTAKE_SOURCES).optional(),
  sourceId: IdSchema.optional(),
  type: z.enum(QUESTION_TYPES).optional(),
});
export type MistakeListQuery = z.infer<typeof MistakeListQuerySchema>;
export const MistakeRowSchema = z.object({
  id: z.number(),
  sourceKind: z.enum(MISTAKE_SOURCES),
  sourceId: z.number(),
  sourceName: z.string(),
  question: DrawnQuestionSchema.omit({ position: true }),
  /** The last wrong answer given. */
  lastAnswer: AnswerValueSchema.nullable(),
  times: z.number(),
  lastWrongAt: z.string(),
  /** Null while the key may not be shown (an exam that has not ended or keeps its answers hidden). */
  key: PracticeKeySchema.nullable(),
});
export type MistakeRow = z.infer<typeof MistakeRowSchema>;
/** The sources the caller has mistakes from, with counts (the set's grouping). */
export const MistakeSourceRowSchema = z.object({ sourceKind: z.enum(MISTAKE_SOURCES), sourceId: z.number(), sourceName: z.string(), count: z.number() });
export type MistakeSourceRow = z.infer<typeof MistakeSourceRowSchema>;
export const MistakeAnswerSchema = z.object({ id: IdSchema, answer: AnswerValueSchema });
export type MistakeAnswer = z.infer<typeof MistakeAnswerSchema>;
/** Re-practice: answered right, the entry leaves the set by itself (`removed`). */
export const MistakeAnswerResultSchema = z.object({
  correct: z.boolean().nullable(),
  key: PracticeKeySchema.nullable(),
  removed: z.boolean(),
});
export type MistakeAnswerResult = z.infer<typeof MistakeAnswerResultSchema>;

/** A practice session: running until finished by its taker or by the clock (the time limit). */
export const PRACTICE_SESSION_LIFECYCLE = defineLifecycle({
  name: 'practice_sessions',
  states: ['ongoing', 'finished'] as const,
  initial: 'ongoing',
  transitions: { finish: { from: ['ongoing'], to: 'finished' } },
  editable: ['ongoing'],
  deletable: [],
  colors: { ongoing: 'processing', finished: 'green' },
  labels: { states: { ongoing: 'practice.session_ongoing', finished: 'practice.session_finished' }, commands: { finish: 'practice.finish' } },
});
