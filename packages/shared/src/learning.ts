import { z } from 'zod';
import { PageQuerySchema } from './api.js';
import { CourseDetailSchema, CourseRowSchema } from './courses.js';
import { defineLifecycle } from './lifecycle.js';
import { MediaStateSchema } from './media.js';

/** A learner's state in a course: learning until the pass conditions hold, then passed (for good). */
export const LEARNER_STATUSES = ['learning', 'passed'] as const;
export const LearnerStatusSchema = z.enum(LEARNER_STATUSES);
export type LearnerStatus = z.infer<typeof LearnerStatusSchema>;
/** How a learner came to a course: chose it, or was assigned it (learning assignment). */
export const LEARNER_SOURCES = ['self', 'assignment'] as const;
export type LearnerSource = (typeof LEARNER_SOURCES)[number];

/**
 * A learner's course state as a lifecycle: `pass` once the pass conditions hold (credits and the
 * certificate are given with it); passed is for good.
 */
export const LEARNER_LIFECYCLE = defineLifecycle({
  name: 'course_learners',
  states: LEARNER_STATUSES,
  initial: 'learning',
  transitions: { pass: { from: ['learning'], to: 'passed' } },
  colors: { learning: 'processing', passed: 'green' },
  labels: { states: { learning: 'learning.status_learning', passed: 'learning.status_passed' }, commands: { pass: 'learning.pass' } },
});

/** The pass conditions held: credits (and the certificate) given; the course is reviewed from now on. */
export const learnerPassed = (l: { status: LearnerStatus }) => l.status === 'passed';

/** What a student sees of their place in a course: not started (no learner row), learning, passed. */
export const STUDENT_COURSE_STATUSES = ['notStarted', 'learning', 'passed'] as const;
export const StudentCourseStatusSchema = z.enum(STUDENT_COURSE_STATUSES);
export type StudentCourseStatus = z.infer<typeof StudentCourseStatusSchema>;
/** The learner opened the course at least once (it has progress to show). */
export const courseStarted = (status: StudentCourseStatus) => status !== 'notStarted';

/** Heartbeats: the player sends one every ~10 s; the server credits at most this many seconds per beat. */
export const LEARNING_HEARTBEAT_SECONDS = 10;
export const LEARNING_BEAT_CAP_SECONDS = 15;
/** Video and audio count as watched from this share of their length (furthest point). */
export const LEARNING_MEDIA_DONE_RATIO = 0.95;
/** Anti-skip: the furthest point of a video or audio moves at most this many seconds per counted second (the player's fastest speed). */
export const LEARNING_MAX_PLAYBACK_RATE = 2;

const CourseIdSchema = z.coerce.number().int().positive().max(2147483647);

export const StudentCourseQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional(),
  categoryId: CourseIdSchema.optional(),
  label: z.string().trim().max(10).optional(),
  required: z.boolean().optional(),
  status: StudentCourseStatusSchema.optional(),
});
export type StudentCourseQuery = z.infer<typeof StudentCourseQuerySchema>;

/** A course as the student's catalog shows it: the course's own fields, then the caller's place in it. */
export const StudentCourseRowSchema = CourseRowSchema.pick({
  id: true,
  name: true,
  coverUrl: true,
  categoryId: true,
  categoryName: true,
  labels: true,
  required: true,
  credit: true,
  validUntil: true,
}).extend({
  /** The course left the shelf (still readable by those who learnt it). */
  offShelf: z.boolean(),
  myStatus: StudentCourseStatusSchema,
  progress: z.number(),
});
export type StudentCourseRow = z.infer<typeof StudentCourseRowSchema>;

export const COURSEWARE_KINDS_FOR_LEARNING = ['video', 'audio', 'pdf', 'scorm', 'file'] as const;
export const LearningItemKindSchema = z.enum(COURSEWARE_KINDS_FOR_LEARNING);
export type LearningItemKind = z.infer<typeof LearningItemKindSchema>;

export const LearningItemSchema = z.object({
  id: z.number(),
  coursewareId: z.number(),
  name: z.string(),
  kind: LearningItemKindSchema,
  completed: z.boolean(),
  position: z.number(),
  furthest: z.number(),
  /** Length as the server knows it: seconds of media, pages of a PDF (0 while unknown, or for SCORM and files). */
  total: z.number(),
  /** The item's own progress, 0–100 (100 once completed), from the server's figures. */
  progress: z.number(),
  score: z.number().nullable(),
});
export type LearningItem = z.infer<typeof LearningItemSchema>;

export const LearnerStateSchema = z.object({
  status: LearnerStatusSchema,
  progress: z.number(),
  learnedSeconds: z.number(),
  score: z.number().nullable(),
  creditAwarded: z.number(),
  certificateId: z.number().nullable(),
  startedAt: z.string(),
  passedAt: z.string().nullable(),
});
export type LearnerState = z.infer<typeof LearnerStateSchema>;

export const StudentCourseDetailSchema = StudentCourseRowSchema.extend({
  /** Sanitized rich text as stored; the pass conditions, anti-cheat settings and lecturers as the course has them. */
  ...CourseDetailSchema.pick({ intro: true, passProgress: true, passScore: true, antiCheat: true, antiCheatInterval: true, antiSkip: true, lecturers: true }).shape,
  hasCertificate: z.boolean(),
  chapters: z.array(z.object({ id: z.number(), name: z.string(), items: z.array(LearningItemSchema) })),
  learner: LearnerStateSchema.nullable(),
  abilities: z.object({ start: z.boolean(), learn: z.boolean() }),
});
export type StudentCourseDetail = z.infer<typeof StudentCourseDetailSchema>;

export const LearningItemBodySchema = z.object({ courseId: CourseIdSchema, itemId: CourseIdSchema });

/** What the learning page needs to show one courseware. */
export const LearningItemOpenSchema = z.object({
  item: LearningItemSchema,
  /** Public id of the file (download, preview). */
  fileId: z.string(),
  fileName: z.string(),
  media: MediaStateSchema.nullable(),
  scormPackageId: z.number().nullable(),
  /** SCORM context key of this course's runs (`course:<id>`). */
  contextKey: z.string(),
  antiSkip: z.boolean(),
  /** Seconds until the anti-cheat pop-up (null: no anti-cheat). */
  challengeInSeconds: z.number().nullable(),
});
export type LearningItemOpen = z.infer<typeof LearningItemOpenSchema>;

/**
 * A beat of an opened item (`item/open` first, else STATE_TRANSITION_INVALID). The client says
 * only whether it is seen and where it is: the time, the length and completion are the server's.
 */
export const HeartbeatSchema = LearningItemBodySchema.extend({
  /** The page is visible (document not hidden): hidden tabs count no time. */
  visible: z.boolean(),
  /** Seconds of media, page of a document. */
  position: z.number().int().min(0).max(10_000_000).optional(),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

export const HeartbeatAnswerSchema = z.object({
  /** Seconds this beat added to the learner's time. */
  counted: z.number(),
  /** The anti-cheat pop-up is due: time stops counting until it is answered. */
  challenge: z.boolean(),
  item: LearningItemSchema,
  learner: LearnerStateSchema,
});
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswerSchema>;

export const MyCourseQuerySchema = PageQuerySchema.extend({ status: LearnerStatusSchema.default('learning') });
export type MyCourseQuery = z.infer<typeof MyCourseQuerySchema>;
export const MyCourseRowSchema = StudentCourseRowSchema.pick({ id: true, name: true, coverUrl: true, credit: true, required: true, offShelf: true }).extend({
  learner: LearnerStateSchema,
});
export type MyCourseRow = z.infer<typeof MyCourseRowSchema>;
