import { z } from 'zod';
import { IdSchema, IdsSchema, PageQuerySchema } from './api.js';
import { langTexts, type LangTexts } from './errors.js';
import { defineLifecycle } from './lifecycle.js';
import { AnswerSetSchema, QuestionnaireItemSchema } from './questionnaires.js';
import { TRAIN_CLASS_LIFECYCLE } from './train-classes.js';
import { USER_IMPORT_REASONS, UserImportQuerySchema } from './users.js';

/**
 * Training results (spec §6 `pxjgsp` "result approval", pages manage-train-result, enter-result,
 * manage-exam-result, manage-mix-train-result) and the class's satisfaction, performance and charges
 * (pages manage-train-survey, manage-train-satisfaction, manage-train-performance,
 * manage-train-chargeDetails under `pxapgl`; the lecturer's evaluation page under `pxpj-js`).
 *
 * A class has one result sheet: results are entered or imported while it is a draft (or refused),
 * submitted, then approved or refused by a holder of `pxjgsp:approve` (a direct decision, not the
 * approval engine: results have one approver role and no flow, like the attendance approval).
 */
export const TRAIN_RESULT_SHEET_LIFECYCLE = defineLifecycle({
  name: 'train_result_sheets',
  states: ['draft', 'submitted', 'approved', 'refused'],
  initial: 'draft',
  transitions: {
    submit: { from: ['draft', 'refused'], to: 'submitted' },
    approve: { from: ['submitted'], to: 'approved' },
    refuse: { from: ['submitted'], to: 'refused' },
  },
  editable: ['draft', 'refused'],
  deletable: [],
  colors: { draft: 'default', submitted: 'processing', approved: 'green', refused: 'red' },
  labels: {
    states: {
      draft: 'trainResults.state_draft',
      submitted: 'trainResults.state_submitted',
      approved: 'trainResults.state_approved',
      refused: 'trainResults.state_refused',
    },
    commands: { submit: 'trainResults.submit', approve: 'trainResults.approve', refuse: 'trainResults.refuse' },
  },
});
export type TrainResultSheetState = (typeof TRAIN_RESULT_SHEET_LIFECYCLE.states)[number];

export const TRAIN_RESULT_LIMITS = { COMMENT_MAX: 500, REASON_MAX: 500, ROWS_MAX: 2000, ITEM_MAX: 100, NOTE_MAX: 500, AMOUNT_FEN_MAX: 9_999_999_999 } as const;
/** A score with at least one decimal: 0–100. */
export const TrainScoreSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'one decimal at most');
/** Without `passed`, a score of 60 or more passes. */
export const TRAIN_PASS_SCORE = 60;

const ClassIdBody = z.object({ classId: IdSchema });
export const TrainResultClassBodySchema = ClassIdBody;

// ---- Classes in the caller's scope (the pages' class choice) ----
export const TrainResultClassQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  sheetState: TRAIN_RESULT_SHEET_LIFECYCLE.stateSchema.optional(),
  mode: z.enum(['faceToFace', 'mixed']).optional(),
});
export type TrainResultClassQuery = z.infer<typeof TrainResultClassQuerySchema>;
export const TrainResultAbilitiesSchema = TRAIN_RESULT_SHEET_LIFECYCLE.abilitiesSchema.extend({ import: z.boolean() });
export type TrainResultAbilities = z.infer<typeof TrainResultAbilitiesSchema>;
export const TrainResultClassRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mode: z.enum(['faceToFace', 'mixed']),
  classState: TRAIN_CLASS_LIFECYCLE.stateSchema,
  startAt: z.string(),
  endAt: z.string(),
  orgName: z.string().nullable(),
  trainees: z.number(),
  entered: z.number(),
  state: TRAIN_RESULT_SHEET_LIFECYCLE.stateSchema,
  abilities: TrainResultAbilitiesSchema,
});
export type TrainResultClassRow = z.infer<typeof TrainResultClassRowSchema>;

// ---- The result sheet ----
export const TrainResultRowSchema = z.object({
  userId: z.number(),
  realname: z.string(),
  username: z.string(),
  orgName: z.string().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  comment: z.string(),
  enteredByName: z.string().nullable(),
  enteredAt: z.string().nullable(),
});
export type TrainResultRow = z.infer<typeof TrainResultRowSchema>;
export const TrainResultSheetSchema = TrainResultClassRowSchema.extend({
  refuseReason: z.string(),
  decidedAt: z.string().nullable(),
  /** Set while results wait for the class to begin (an editable sheet of a class not started, not cancelled): when they open. */
  resultsOpenAt: z.string().nullable(),
  rows: z.array(TrainResultRowSchema),
});
export type TrainResultSheet = z.infer<typeof TrainResultSheetSchema>;

export const TrainResultEntrySchema = z.object({
  userId: IdSchema,
  score: TrainScoreSchema,
  passed: z.boolean().optional(),
  comment: z.string().trim().max(TRAIN_RESULT_LIMITS.COMMENT_MAX).default(''),
});
export type TrainResultEntry = z.infer<typeof TrainResultEntrySchema>;
export const TrainResultEnterSchema = z.object({ classId: IdSchema, results: z.array(TrainResultEntrySchema).min(1).max(TRAIN_RESULT_LIMITS.ROWS_MAX) });
export type TrainResultEnter = z.infer<typeof TrainResultEnterSchema>;
export const TrainResultRefuseSchema = z.object({ classId: IdSchema, reason: z.string().trim().min(1).max(TRAIN_RESULT_LIMITS.REASON_MAX) });

// ---- Excel import (the platform's two-step protocol) ----
export const TrainResultImportQuerySchema = UserImportQuerySchema.extend({ classId: IdSchema });
export const TRAIN_RESULT_IMPORT_FIELDS = ['username', 'realname', 'score', 'passed', 'comment'] as const;
export type TrainResultImportField = (typeof TRAIN_RESULT_IMPORT_FIELDS)[number];
export const TRAIN_RESULT_IMPORT_REASONS = {
  REQUIRED: USER_IMPORT_REASONS.REQUIRED,
  TOO_LONG: USER_IMPORT_REASONS.TOO_LONG,
  TOO_SHORT: USER_IMPORT_REASONS.TOO_SHORT,
  INVALID_FORMAT: USER_IMPORT_REASONS.INVALID_FORMAT,
  DUPLICATE_IN_FILE: USER_IMPORT_REASONS.DUPLICATE_IN_FILE,
  NOT_ADMITTED: langTexts('不是本培训班已录取的学员', 'Not an admitted trainee of this class', 'Não é um participante admitido desta turma'),
  SCORE_RANGE: langTexts('成绩应为0–100，最多一位小数', 'The score is 0–100 with one decimal at most', 'A nota vai de 0 a 100, com no máximo uma casa decimal'),
} as const satisfies Record<string, LangTexts>;
export type TrainResultImportReason = keyof typeof TRAIN_RESULT_IMPORT_REASONS;

// ---- Exams linked to a class (manage-exam-result) ----
export const TrainClassExamsSchema = z.object({ classId: IdSchema, examIds: z.array(IdSchema).max(50) });
export const TrainExamResultSchema = z.object({
  exams: z.array(z.object({ id: z.number(), name: z.string() })),
  rows: z.array(z.object({ userId: z.number(), realname: z.string(), username: z.string(), orgName: z.string().nullable(), best: z.array(z.number().nullable()) })),
});
export type TrainExamResult = z.infer<typeof TrainExamResultSchema>;

// ---- Mixed training completion (manage-mix-train-result) ----
/**
 * `completed`: every online course passed and the in-person result passed on the approved results sheet (what the
 * certificate follows); `awaitingApproval`: both met, the sheet (`sheetState`, null before any result) not yet approved.
 */
export const TrainMixedCompletionSchema = z.object({
  courses: z.number(),
  sheetState: TRAIN_RESULT_SHEET_LIFECYCLE.stateSchema.nullable(),
  rows: z.array(
    z.object({
      userId: z.number(),
      realname: z.string(),
      username: z.string(),
      orgName: z.string().nullable(),
      coursesCompleted: z.number(),
      passed: z.boolean().nullable(),
      completed: z.boolean(),
      awaitingApproval: z.boolean(),
    }),
  ),
});
export type TrainMixedCompletion = z.infer<typeof TrainMixedCompletionSchema>;

// ---- Satisfaction (manage-train-survey, manage-train-satisfaction, student answers, lecturer evaluation) ----
export const TrainSurveySetSchema = z.object({ classId: IdSchema, lecturerId: IdSchema.nullable(), questionnaireId: IdSchema.nullable() });
export type TrainSurveySet = z.infer<typeof TrainSurveySetSchema>;
const SurveyRefSchema = z.object({ id: z.number(), questionnaireId: z.number().nullable(), title: z.string(), responses: z.number() });
export const TrainSurveySetupSchema = z.object({
  classSurvey: SurveyRefSchema.nullable(),
  lecturers: z.array(z.object({ lecturerId: z.number(), lecturerName: z.string(), survey: SurveyRefSchema.nullable() })),
  canModify: z.boolean(),
});
export type TrainSurveySetup = z.infer<typeof TrainSurveySetupSchema>;
export const TrainSatisfactionItemSchema = z.object({ key: z.string(), title: z.string(), scale: z.number(), average: z.number().nullable(), count: z.number() });
/** `score`: the rating answers as a percentage of their scales (0–100, one decimal), null without answers. */
export const TrainSatisfactionSchema = z.object({
  surveyId: z.number(),
  title: z.string(),
  respondents: z.number(),
  score: z.number().nullable(),
  items: z.array(TrainSatisfactionItemSchema),
});
export type TrainSatisfaction = z.infer<typeof TrainSatisfactionSchema>;
export const TrainSatisfactionResultSchema = z.object({
  admitted: z.number(),
  classResult: TrainSatisfactionSchema.nullable(),
  lecturers: z.array(z.object({ lecturerId: z.number(), lecturerName: z.string(), result: TrainSatisfactionSchema })),
});
export type TrainSatisfactionResult = z.infer<typeof TrainSatisfactionResultSchema>;
export const MyTrainSurveysSchema = z.object({
  classId: z.number(),
  className: z.string(),
  /** The class has started (and is not cancelled): the questionnaires may be answered. */
  open: z.boolean(),
  surveys: z.array(z.object({ id: z.number(), title: z.string(), lecturerName: z.string().nullable(), items: z.array(QuestionnaireItemSchema), answered: z.boolean() })),
});
export type MyTrainSurveys = z.infer<typeof MyTrainSurveysSchema>;
export const TrainSurveyAnswerSchema = z.object({ surveyId: IdSchema, answers: AnswerSetSchema });
export type TrainSurveyAnswer = z.infer<typeof TrainSurveyAnswerSchema>;
export const LecturerEvaluationSchema = z.object({
  lecturerName: z.string().nullable(),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), startAt: z.string(), result: TrainSatisfactionSchema })),
});
export type LecturerEvaluation = z.infer<typeof LecturerEvaluationSchema>;

// ---- Performance (manage-train-performance) ----
export const TrainPerformanceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  startAt: z.string(),
  orgName: z.string().nullable(),
  trainees: z.number(),
  /** Percent; null until an attendance source is registered (train-attendance) or without stages. */
  attendanceRate: z.number().nullable(),
  passRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  satisfaction: z.number().nullable(),
});
export type TrainPerformanceRow = z.infer<typeof TrainPerformanceRowSchema>;

// ---- Charges (manage-train-chargeDetails) ----
export const TrainChargeFieldsSchema = z.object({
  item: z.string().trim().min(1).max(TRAIN_RESULT_LIMITS.ITEM_MAX),
  /** In fen (1 yuan = 100 fen). */
  amountFen: z.number().int().min(1).max(TRAIN_RESULT_LIMITS.AMOUNT_FEN_MAX),
  spentOn: z.iso.date(),
  note: z.string().trim().max(TRAIN_RESULT_LIMITS.NOTE_MAX).default(''),
});
export const TrainChargeInsertSchema = TrainChargeFieldsSchema.extend({ classId: IdSchema });
export type TrainChargeInsert = z.infer<typeof TrainChargeInsertSchema>;
export type TrainChargeInput = z.input<typeof TrainChargeInsertSchema>;
export const TrainChargeUpdateSchema = TrainChargeFieldsSchema.partial().extend({ id: IdSchema });
export type TrainChargeUpdate = z.infer<typeof TrainChargeUpdateSchema>;
export const TrainChargeDeleteSchema = IdsSchema;
export const TrainChargeQuerySchema = PageQuerySchema.extend({ classId: IdSchema });
export type TrainChargeQuery = z.infer<typeof TrainChargeQuerySchema>;
export const TrainChargeRowSchema = z.object({
  id: z.number(),
  classId: z.number(),
  planLineId: z.number().nullable(),
  item: z.string(),
  amountFen: z.number(),
  spentOn: z.string(),
  note: z.string(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ modify: z.boolean(), delete: z.boolean() }),
});
export type TrainChargeRow = z.infer<typeof TrainChargeRowSchema>;
export const TrainChargePageSchema = z.object({
  records: z.array(TrainChargeRowSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  /** Sum of the class's charges (all pages), and its plan line's planned budget when the class is in a plan. */
  totalFen: z.number(),
  plannedFen: z.number().nullable(),
});
export const TrainPlanActualQuerySchema = z.object({ yearPlanId: IdSchema });
export const TrainPlanActualSchema = z.object({
  yearPlanId: z.number(),
  lines: z.array(z.object({ lineId: z.number(), month: z.number(), trainingType: z.string(), content: z.string(), plannedFen: z.number(), actualFen: z.number() })),
  plannedFen: z.number(),
  actualFen: z.number(),
});
export type TrainPlanActual = z.infer<typeof TrainPlanActualSchema>;

/** A choice of another module's records (exams to link, questionnaire templates to pick), in the caller's scope. */
export const TrainChoiceQuerySchema = z.strictObject({ keyword: z.string().trim().max(100).optional() });
export const TrainChoicesSchema = z.array(z.object({ id: z.number(), name: z.string() }));
export type TrainChoice = z.infer<typeof TrainChoicesSchema>[number];
