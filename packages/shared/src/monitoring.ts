import { z } from 'zod';
import { IdSchema, PageQuerySchema, pageSchema, personFields } from './api.js';
import { ExamDetailSchema } from './exams.js';

/**
 * Exam monitoring (code jkgl: monitoring-manage, view-monitoring, monitoring-screen-detail,
 * user-monitoring-photo): who is taking an exam right now, how far they are, their camera photos.
 */
export const MonitoredExamQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export type MonitoredExamQuery = z.infer<typeof MonitoredExamQuerySchema>;
/** Ended exams stay on the monitoring list this many days. */
export const MONITORING_RECENT_DAYS = 7;
/** An exam on the monitoring list: the exam's own fields, then what its examinees are doing. */
export const MonitoredExamRowSchema = ExamDetailSchema.pick({ id: true, name: true, status: true, startAt: true, endAt: true, orgName: true, photoInterval: true }).extend({
  /** People in the audience. */
  audience: z.number(),
  /** Attempts running now. */
  taking: z.number(),
  /** People with a submitted attempt. */
  submitted: z.number(),
  /** Audience members without any attempt. */
  notStarted: z.number(),
  /** Attempts submitted by the anti-cheat rule (leaves beyond the limit). */
  exceptions: z.number(),
});
export type MonitoredExamRow = z.infer<typeof MonitoredExamRowSchema>;

export const EXAMINEE_STATES = ['notStarted', 'taking', 'submitted', 'exception'] as const;
export type ExamineeState = (typeof EXAMINEE_STATES)[number];
export const ExamineeQuerySchema = PageQuerySchema.extend({
  examId: IdSchema,
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(EXAMINEE_STATES).optional(),
});
export type ExamineeQuery = z.infer<typeof ExamineeQuerySchema>;
export const ExamineeRowSchema = z.object({
  ...personFields,
  state: z.enum(EXAMINEE_STATES),
  /** The latest attempt (the running one first). */
  attemptId: z.number().nullable(),
  attemptNumber: z.number().nullable(),
  leaveCount: z.number(),
  answered: z.number(),
  questions: z.number(),
  /** Seconds left of the running attempt (server clock); null when not taking. */
  remainingSeconds: z.number().nullable(),
  /** Signed link of the latest camera photo. */
  photoUrl: z.string().nullable(),
  photoAt: z.string().nullable(),
  photoCount: z.number(),
});
export type ExamineeRow = z.infer<typeof ExamineeRowSchema>;
export const ExamineePageSchema = pageSchema(ExamineeRowSchema).extend({
  exam: MonitoredExamRowSchema,
  serverNow: z.string(),
});
export type ExamineePage = z.infer<typeof ExamineePageSchema>;

export const AttemptPhotosQuerySchema = z.object({ attemptId: IdSchema });
export const AttemptPhotoRowSchema = z.object({ id: z.number(), url: z.string(), takenAt: z.string() });
export const AttemptPhotosSchema = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  realname: z.string(),
  username: z.string(),
  startedAt: z.string(),
  photos: z.array(AttemptPhotoRowSchema),
});
export type AttemptPhotos = z.infer<typeof AttemptPhotosSchema>;
