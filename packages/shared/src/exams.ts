import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';
import type { CategoryNode } from './category-tree.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';
import { defineLifecycle } from './lifecycle.js';

/**
 * Exam scheduling (`manage-test`, `add-test`, `manage-test-detail`; code ksgl). Spec §4 "Exam":
 * draft → published → started → ended, the last two following the clock (start and end times).
 * Once published the start cannot change, the end and the duration only extend and the attempts
 * only increase; unpublishing is refused once started; a start earlier than now cannot be published.
 */
export const EXAM_STATUSES = ['draft', 'published', 'started', 'ended'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

export const EXAM_LIFECYCLE = defineLifecycle({
  name: 'exams',
  states: EXAM_STATUSES,
  initial: 'draft',
  transitions: {
    publish: { from: ['draft'], to: 'published' },
    unpublish: { from: ['published'], to: 'draft' },
    /** Clock commands: run by the exam clock job (and applied on read), never by a person. */
    start: { from: ['published'], to: 'started' },
    end: { from: ['started'], to: 'ended' },
  },
  editable: ['draft', 'published', 'started'],
  deletable: ['draft'],
  colors: { draft: 'default', published: 'blue', started: 'green', ended: 'red' },
  labels: {
    states: { draft: 'exam.status_draft', published: 'exam.status_published', started: 'exam.status_started', ended: 'exam.status_ended' },
    commands: { publish: 'exam.publish', unpublish: 'exam.unpublish', start: 'exam.start', end: 'exam.end' },
  },
});
export type ExamCommand = (typeof EXAM_LIFECYCLE.commands)[number];
export const ExamAbilitiesSchema = EXAM_LIFECYCLE.abilitiesSchema;
export type ExamAbilities = z.infer<typeof ExamAbilitiesSchema>;

/**
 * The state an exam is in at `now`: a published exam has started once its start is reached and
 * ended once its end is; the stored state may lag until the clock job runs.
 */
export function examStateAt(stored: ExamStatus, startAt: Date, endAt: Date, now: Date = new Date()): ExamStatus {
  if (stored !== 'published' && stored !== 'started') return stored;
  if (now.getTime() >= endAt.getTime()) return 'ended';
  if (now.getTime() >= startAt.getTime()) return 'started';
  return stored;
}

/** Audience owner type of exams (audiences module). */
export const EXAM_AUDIENCE = 'exam';
export const EXAM_NAME_MAX = 200;
export const EXAM_CATEGORY_DEPTH = 5;
export const EXAM_ATTEMPTS_MAX = 999;
export const EXAM_DURATION_MAX = 99999;
export const EXAM_PHOTO_INTERVAL_MAX = 3600;
export const EXAM_LEAVE_MAX = 999;
export const EXAM_REVIEWERS_MAX = 50;

/** Whole paper on one page, or one question at a time. */
export const EXAM_ANSWER_MODES = ['whole', 'single'] as const;
export type ExamAnswerMode = (typeof EXAM_ANSWER_MODES)[number];
/** Countdown from the attempt's duration, or to the exam's end. */
export const EXAM_COUNTDOWN_MODES = ['duration', 'end'] as const;
export type ExamCountdownMode = (typeof EXAM_COUNTDOWN_MODES)[number];
/** Objective questions marked by the system only, or subjective ones by the named reviewers. */
export const EXAM_MARKING_MODES = ['auto', 'reviewer'] as const;
export type ExamMarkingMode = (typeof EXAM_MARKING_MODES)[number];
/** The score is shown at once after submitting, once scores are published, or never. */
export const EXAM_SCORE_DISPLAYS = ['immediate', 'published', 'hidden'] as const;
export type ExamScoreDisplay = (typeof EXAM_SCORE_DISPLAYS)[number];

const examFields = {
  name: z.string().trim().min(1).max(EXAM_NAME_MAX),
  categoryId: IdSchema.nullish(),
  /** ISO date-times with offset: start before end, start not in the past. */
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
  /** Minutes one attempt may last. */
  duration: z.number().int().min(1).max(EXAM_DURATION_MAX),
  passPercent: z.number().int().min(1).max(100),
  attempts: z.number().int().min(1).max(EXAM_ATTEMPTS_MAX),
  paperId: IdSchema,
  answerMode: z.enum(EXAM_ANSWER_MODES).default('whole'),
  countdownMode: z.enum(EXAM_COUNTDOWN_MODES).default('duration'),
  /** Seconds between camera photos; 0 takes none. */
  photoInterval: z.number().int().min(0).max(EXAM_PHOTO_INTERVAL_MAX).default(0),
  markingMode: z.enum(EXAM_MARKING_MODES).default('auto'),
  reviewerIds: z.array(IdSchema).max(EXAM_REVIEWERS_MAX).default([]),
  /** Leaving the page counts; past `leaveLimit` leaves the attempt is submitted. */
  antiCheat: z.boolean().default(false),
  leaveLimit: z.number().int().min(1).max(EXAM_LEAVE_MAX).nullish(),
  scoreDisplay: z.enum(EXAM_SCORE_DISPLAYS).default('published'),
  showAnswers: z.boolean().default(false),
  showRanking: z.boolean().default(false),
  /** Certificate template issued on a pass: only with an objective-only paper. */
  certificateTemplateId: IdSchema.nullish(),
  audience: AudienceSchema.default([]),
};

type ExamShape = { startAt: string; endAt: string; markingMode: string; reviewerIds: number[]; antiCheat: boolean; leaveLimit?: number | null };
/** Rules across fields, each issue naming its field (the web form and the server refuse the same inputs). */
function examRules(v: ExamShape, ctx: z.RefinementCtx) {
  if (new Date(v.startAt).getTime() >= new Date(v.endAt).getTime()) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'end must be after start' });
  if (v.markingMode === 'reviewer' && v.reviewerIds.length === 0) ctx.addIssue({ code: 'custom', path: ['reviewerIds'], message: 'reviewers required' });
  if (v.antiCheat && v.leaveLimit == null) ctx.addIssue({ code: 'custom', path: ['leaveLimit'], message: 'leave count required' });
}

export const ExamBaseSchema = z.object(examFields);
export const ExamCreateSchema = ExamBaseSchema.superRefine(examRules);
export type ExamCreate = z.infer<typeof ExamCreateSchema>;
export type ExamCreateInput = z.input<typeof ExamCreateSchema>;
export const ExamUpdateSchema = ExamBaseSchema.extend({ id: IdSchema }).superRefine(examRules);
export type ExamUpdate = z.infer<typeof ExamUpdateSchema>;

export const EXAM_SORT_KEYS = ['id', 'name', 'startAt', 'endAt', 'createdAt'] as const;
export const ExamListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: EXAM_LIFECYCLE.stateSchema.optional(),
  /** The category and its sub-categories. */
  categoryId: IdSchema.optional(),
  /** Exams starting at or after / before these times. */
  startFrom: z.iso.datetime({ offset: true }).optional(),
  startTo: z.iso.datetime({ offset: true }).optional(),
});
export type ExamListQuery = z.infer<typeof ExamListQuerySchema>;

/** An exam as the grade list and "my exams" show it: name, category, state and time window. */
export const examListFields = {
  id: z.number(),
  name: z.string(),
  categoryName: z.string().nullable(),
  status: EXAM_LIFECYCLE.stateSchema,
  startAt: z.string(),
  endAt: z.string(),
};

export const ExamRowSchema = z.object({
  ...examListFields,
  categoryId: z.number().nullable(),
  duration: z.number(),
  passPercent: z.number(),
  total: z.number(),
  attempts: z.number(),
  paperId: z.number(),
  ...ownerNameFields,
  publishedAt: z.string().nullable(),
  abilities: ExamAbilitiesSchema,
});
export type ExamRow = z.infer<typeof ExamRowSchema>;

/** What the exam module knows of a paper (from the papers module, through its paper source). */
export const ExamPaperInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['fixed', 'random', 'free']),
  total: z.number(),
  questionCount: z.number(),
  hasSubjective: z.boolean(),
  usable: z.boolean(),
});
export type ExamPaperInfoRow = z.infer<typeof ExamPaperInfoSchema>;

export const ExamReviewerSchema = z.object({ id: z.number(), name: z.string().nullable() });
export const ExamDetailSchema = ExamRowSchema.extend({
  answerMode: z.enum(EXAM_ANSWER_MODES),
  countdownMode: z.enum(EXAM_COUNTDOWN_MODES),
  photoInterval: z.number(),
  markingMode: z.enum(EXAM_MARKING_MODES),
  reviewers: z.array(ExamReviewerSchema),
  antiCheat: z.boolean(),
  leaveLimit: z.number().nullable(),
  scoreDisplay: z.enum(EXAM_SCORE_DISPLAYS),
  showAnswers: z.boolean(),
  showRanking: z.boolean(),
  certificateTemplateId: z.number().nullable(),
  certificateName: z.string().nullable(),
  /** The paper as its module describes it now (null when it is gone). */
  paper: ExamPaperInfoSchema.nullable(),
  audience: z.array(AudienceTargetRowSchema),
});
export type ExamDetail = z.infer<typeof ExamDetailSchema>;

export const ExamPaperSearchSchema = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  ids: z.array(IdSchema).max(50).optional(),
});
export type ExamPaperSearch = z.infer<typeof ExamPaperSearchSchema>;

export type ExamCategoryNode = CategoryNode;

/** The student portal's "my exams": published exams whose audience includes the caller. */
export const MyExamQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['published', 'started', 'ended']).optional(),
});
export type MyExamQuery = z.infer<typeof MyExamQuerySchema>;
export const MyExamRowSchema = z.object({
  ...examListFields,
  duration: z.number(),
  total: z.number(),
  passPercent: z.number(),
  attempts: z.number(),
  /** The caller's own end (a personal extension moves it later) and attempts allowed (exam's plus extra ones). */
  myEndAt: z.string(),
  attemptsAllowed: z.number(),
  attemptsUsed: z.number(),
  /** The caller's attempt in progress (continue it), if any. */
  ongoingAttemptId: z.number().nullable(),
  /** The caller's latest submitted attempt's score and pass, when the exam's score display lets them see it. */
  lastScore: z.number().nullable(),
  lastPassed: z.boolean().nullable(),
  /** The latest attempt waits for reviewers. */
  lastMarking: z.boolean(),
  /** `status` above is the state at `serverNow`. What the caller may do now, on the server's clock: the page obeys it. */
  abilities: z.object({ start: z.boolean(), continue: z.boolean() }),
  attemptsLeft: z.number(),
  /** The server's time of the answer: a page waits for `startAt` / `myEndAt` from it, never on the device's own clock. */
  serverNow: z.string(),
  /** When this row's state changes next on the server's clock (its start, then the caller's end), null when it no longer does. */
  changesAt: z.string().nullable(),
});
export type MyExamRow = z.infer<typeof MyExamRowSchema>;
