import { z } from 'zod';
import { ExportLocaleSchema, IdSchema, PageQuerySchema, personFields } from './api.js';
import { EXAM_ATTEMPTS_MAX, ExamListQuerySchema, ExamRowSchema, examListFields, type ExamListQuery } from './exams.js';
import { ATTEMPT_LIFECYCLE, AnswerValueSchema, SUBMIT_STATES, SUBMITTED_BY } from './exam-taking.js';
import { QuestionOptionSchema, QUESTION_TYPES } from './questions.js';

/**
 * Marking (cjpy: `manage-marking`), grades (cjgl: `manage-grade`, `manage-grade-preview`,
 * `manage-grade-count`, `manage-grade-update`, `grade-ranking`, `paper-detail`) and statistics
 * (`test-statistics`, `grade-statistics`, `mistake-analyze`, `manage-course-integralStatistics`,
 * `test-integral-detail`), plus the student's ranking and answer review.
 *
 * A person's result in an exam is their BEST finished attempt (highest score, ties by the earlier
 * submission); attempts still being marked count as submitted but have no score yet.
 */

/** A mark or a changed score: a multiple of 0.5 (question scores are). */
const halfStep = (v: number) => Number.isInteger(v * 2);
export const HalfPointsSchema = z.number().min(0).max(100000).refine(halfStep, { message: 'multiple of 0.5' });

// ---------------------------------------------------------------- marking

export const MarkingExamQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  /** Only exams with answers waiting for a mark. */
  waiting: z.boolean().optional(),
});
export type MarkingExamQuery = z.infer<typeof MarkingExamQuerySchema>;

/** What the caller may do with an exam's scores (publish them; both cjgl:publish and cjpy:publish may). */
export const ScoreAbilitiesSchema = z.object({ publishScores: z.boolean() });

/** An exam on the marking list: the exam's own fields, then its attempts by marking state. */
export const MarkingExamRowSchema = ExamRowSchema.pick({ id: true, name: true, status: true, startAt: true, endAt: true, total: true }).extend({
  /** Attempts waiting for marks / marked ones. */
  waiting: z.number(),
  marked: z.number(),
  ongoing: z.number(),
  scoresPublishedAt: z.string().nullable(),
  abilities: ScoreAbilitiesSchema,
});
export type MarkingExamRow = z.infer<typeof MarkingExamRowSchema>;

export const MarkingExamineeQuerySchema = PageQuerySchema.extend({
  examId: IdSchema,
  /** true: marked attempts (status marked, with reviewer marks); false: waiting ones; absent: both. */
  marked: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type MarkingExamineeQuery = z.infer<typeof MarkingExamineeQuerySchema>;

export const MarkingExamineeRowSchema = z.object({
  attemptId: z.number(),
  ...personFields,
  number: z.number(),
  status: ATTEMPT_LIFECYCLE.stateSchema,
  submittedAt: z.string().nullable(),
  autoScore: z.number().nullable(),
  score: z.number().nullable(),
  /** Subjective answers still without a mark. */
  pending: z.number(),
});
export type MarkingExamineeRow = z.infer<typeof MarkingExamineeRowSchema>;

/** Which question of the paper a row is about: its place, id, type and stem. */
const paperQuestionFields = { position: z.number(), questionId: z.number(), type: z.enum(QUESTION_TYPES), stem: z.string() };

/** One question of an attempt as a reviewer (or the paper detail) shows it: face, answer, key and marks. */
export const MarkedQuestionSchema = z.object({
  ...paperQuestionFields,
  options: z.array(QuestionOptionSchema),
  score: z.number(),
  answer: AnswerValueSchema.nullable(),
  /** The key: choice letters / 'T' 'F', accepted answers per blank, reference text and keywords. */
  keyAnswers: z.array(z.string()),
  keyBlanks: z.array(z.array(z.string())),
  answerText: z.string(),
  keywords: z.string(),
  analysis: z.string(),
  /** Marked by reviewers (no system mark). */
  subjective: z.boolean(),
  autoScore: z.number().nullable(),
  correct: z.boolean().nullable(),
  reviewScore: z.number().nullable(),
  reviewerName: z.string().nullable(),
  /** The mark that counts: the reviewer's for subjective questions, else the system's. */
  mark: z.number().nullable(),
});
export type MarkedQuestion = z.infer<typeof MarkedQuestionSchema>;

export const AttemptIdSchema = z.object({ attemptId: IdSchema });

/**
 * What the caller may do with an attempt now: give marks (a reviewer of the exam, or cjpy:modify in
 * scope, while its answers wait for marks) and change its score (cjgl:modify in scope, once marked).
 */
export const AttemptPaperAbilitiesSchema = z.object({ mark: z.boolean(), updateScore: z.boolean() });
export type AttemptPaperAbilities = z.infer<typeof AttemptPaperAbilitiesSchema>;

export const AttemptPaperSchema = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  userId: z.number(),
  realname: z.string(),
  number: z.number(),
  status: ATTEMPT_LIFECYCLE.stateSchema,
  submitState: z.enum(SUBMIT_STATES),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  total: z.number(),
  passPercent: z.number(),
  autoScore: z.number().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  adjustedByName: z.string().nullable(),
  adjustedAt: z.string().nullable(),
  questions: z.array(MarkedQuestionSchema),
  abilities: AttemptPaperAbilitiesSchema,
});
export type AttemptPaper = z.infer<typeof AttemptPaperSchema>;

export const MarkSaveSchema = z.object({
  attemptId: IdSchema,
  marks: z
    .array(z.object({ position: z.number().int().min(1).max(1000), score: HalfPointsSchema }))
    .min(1)
    .max(200),
});
export type MarkSave = z.infer<typeof MarkSaveSchema>;
export const MarkSaveResultSchema = z.object({
  status: ATTEMPT_LIFECYCLE.stateSchema,
  pending: z.number(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type MarkSaveResult = z.infer<typeof MarkSaveResultSchema>;

export const ExamIdSchema = z.object({ examId: IdSchema });

// ---------------------------------------------------------------- grades

export const GRADE_EXAM_SORT_KEYS = ['id', 'name', 'startAt', 'endAt'] as const;
/** The exam list's filters (grade-statistics' date range: exams starting from / up to these instants). */
export const GradeExamQuerySchema = ExamListQuerySchema;
export type GradeExamQuery = ExamListQuery;

/** An exam with its result counts (manage-grade, manage-grade-count). */
export const GradeExamRowSchema = z.object({
  ...examListFields,
  total: z.number(),
  passPercent: z.number(),
  /** Members of the audience now. */
  audienceSize: z.number(),
  /** People with at least one submitted attempt. */
  submitted: z.number(),
  /** People whose best attempt passed. */
  passed: z.number(),
  /** passed / submitted in percent (one decimal); null with nobody submitted. */
  passRate: z.number().nullable(),
  /** Average of the people's best scores (marked attempts; one decimal). */
  average: z.number().nullable(),
  ongoing: z.number(),
  marking: z.number(),
  scoresPublishedAt: z.string().nullable(),
  abilities: ScoreAbilitiesSchema,
});
export type GradeExamRow = z.infer<typeof GradeExamRowSchema>;

export const GRADE_PERSON_SORT_KEYS = ['realname', 'score', 'submittedAt', 'attemptsUsed'] as const;
const gradePersonFilters = {
  examId: IdSchema,
  state: z.enum(SUBMIT_STATES).optional(),
  passed: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
  /** The organization and its subtree. */
  orgId: IdSchema.optional(),
};
export const GradePersonQuerySchema = PageQuerySchema.extend(gradePersonFilters);
export type GradePersonQuery = z.infer<typeof GradePersonQuerySchema>;
export const GradePersonExportSchema = z.object({ ...gradePersonFilters, sort: PageQuerySchema.shape.sort, ...ExportLocaleSchema.shape });
export type GradePersonExport = z.infer<typeof GradePersonExportSchema>;

/** One audience member and their best attempt (manage-grade-preview). */
export const GradePersonRowSchema = z.object({
  ...personFields,
  /** The best attempt (null: nothing submitted). */
  attemptId: z.number().nullable(),
  attemptStatus: ATTEMPT_LIFECYCLE.stateSchema.nullable(),
  submittedBy: z.enum(SUBMITTED_BY).nullable(),
  state: z.enum(SUBMIT_STATES),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  attemptsUsed: z.number(),
  submittedAt: z.string().nullable(),
  adjusted: z.boolean(),
  /** The person's own extension, if any. */
  extendedEndAt: z.string().nullable(),
  extraAttempts: z.number(),
});
export type GradePersonRow = z.infer<typeof GradePersonRowSchema>;

export const GradeUpdateSchema = z.object({ attemptId: IdSchema, score: HalfPointsSchema });
export type GradeUpdate = z.infer<typeof GradeUpdateSchema>;

/** A personal extension ("delay"): a later end and/or extra attempts for one person. */
export const ExamExtensionSchema = z.object({
  examId: IdSchema,
  userId: IdSchema,
  endAt: z.iso.datetime({ offset: true }),
  extraAttempts: z.number().int().min(0).max(EXAM_ATTEMPTS_MAX).default(0),
});
export type ExamExtension = z.infer<typeof ExamExtensionSchema>;

export const RankingQuerySchema = PageQuerySchema.extend({ examId: IdSchema });
export type RankingQuery = z.infer<typeof RankingQuerySchema>;
export const RankingRowSchema = z.object({
  rank: z.number(),
  userId: z.number(),
  realname: z.string(),
  orgName: z.string().nullable(),
  score: z.number(),
  passed: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type RankingRow = z.infer<typeof RankingRowSchema>;

// ---------------------------------------------------------------- statistics

export const QuestionStatSchema = z.object({
  ...paperQuestionFields,
  score: z.number(),
  answered: z.number(),
  /** Mean share of the question's score earned (0–1): full marks count 1, a partly scored answer its share (`scoreShare`). */
  correctRate: z.number().nullable(),
  /** Answers by `answerOutcome`: full marks, part of the score, nothing. */
  correct: z.number(),
  partial: z.number(),
  wrong: z.number(),
  /** Upper 27 % minus lower 27 % (by attempt score) mean share of the question's score (−1…1). */
  discrimination: z.number().nullable(),
});
export const TestStatisticsSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  total: z.number(),
  passPercent: z.number(),
  audienceSize: z.number(),
  /** Scored attempts counted (each person's best). */
  people: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
  average: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  /** Ten buckets of the total: [0,10 %), …, [90 %,100 %]; `from`/`to` in points. */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  questions: z.array(QuestionStatSchema),
});
export type TestStatistics = z.infer<typeof TestStatisticsSchema>;

export const MistakeAnalysisRowSchema = z.object({
  ...paperQuestionFields,
  options: z.array(QuestionOptionSchema),
  keyAnswers: z.array(z.string()),
  /** Fill in blank: the accepted answers of each blank. */
  keyBlanks: z.array(z.array(z.string())),
  /** Short answer, operation, calculation: the reference answer. */
  answerText: z.string(),
  answered: z.number(),
  /** Mistakes (`isMistake`: below full marks), of which `partial` earned part of the score. */
  wrong: z.number(),
  partial: z.number(),
  wrongRate: z.number(),
  /** The wrong answers most often given, most given first: option letters (choice, judgment) or `(n) text` for blank n. */
  wrongChoices: z.array(z.object({ choice: z.string(), count: z.number() })),
});
export type MistakeAnalysisRow = z.infer<typeof MistakeAnalysisRowSchema>;

export const GradeStatisticsSchema = z.object({
  exams: z.number(),
  examinees: z.number(),
  submitted: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
  average: z.number().nullable(),
});
export type GradeStatistics = z.infer<typeof GradeStatisticsSchema>;

export const PERSON_TOTAL_SORT_KEYS = ['realname', 'exams', 'passed', 'average'] as const;
export const PersonTotalQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  orgId: IdSchema.optional(),
});
export type PersonTotalQuery = z.infer<typeof PersonTotalQuerySchema>;
/** Per-person exam totals (manage-course-integralStatistics): exams taken, passed, average of best scores. */
export const PersonTotalRowSchema = z.object({
  ...personFields,
  exams: z.number(),
  passed: z.number(),
  average: z.number().nullable(),
});
export type PersonTotalRow = z.infer<typeof PersonTotalRowSchema>;
export const PersonExamRowSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  attemptId: z.number(),
  attempts: z.number(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
});
export type PersonExamRow = z.infer<typeof PersonExamRowSchema>;
export const UserIdSchema = z.object({ userId: IdSchema });

// ---------------------------------------------------------------- student

export const MyRankingSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  total: z.number(),
  /** The first 100 places. */
  rows: z.array(RankingRowSchema),
  /** The caller's own place (null: no scored attempt). */
  mine: RankingRowSchema.nullable(),
});
export type MyRanking = z.infer<typeof MyRankingSchema>;
