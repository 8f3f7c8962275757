import { defineRoute } from './contract.js';
import {
  AnswerSaveResultSchema,
  AnswerSaveSchema,
  AttemptIdBodySchema,
  AttemptResultSchema,
  AttemptSheetSchema,
  ExamIdBodySchema,
  ExamPhotoSchema,
  LeaveResultSchema,
} from './exam-taking.js';
import { z } from 'zod';

const student = { permission: 'authenticated', tags: ['student'] } as const;

/**
 * Taking an exam (the student's answer sheet). Every call checks that the exam's audience holds the
 * caller and that the attempt is the caller's own.
 */
export const examTakingRoutes = {
  /** Starts an attempt (or resumes the ongoing one) and answers its sheet: EXAM_NOT_OPEN, OVER_EXAM_TIMES_ERROR, PAPER_DELETED_OR_EMPTY. */
  start: defineRoute({ method: 'POST', path: '/api/exam/attempt/start', ...student, body: ExamIdBodySchema, response: AttemptSheetSchema }),
  /** The sheet of an ongoing attempt with the saved answers and the server's remaining time (reload, another browser). */
  sheet: defineRoute({ method: 'POST', path: '/api/exam/attempt/sheet', ...student, body: AttemptIdBodySchema, response: AttemptSheetSchema }),
  /** Autosave: EXAM_TIME_OVER once the deadline passed (the server has submitted). */
  save: defineRoute({ method: 'POST', path: '/api/exam/attempt/save', ...student, body: AnswerSaveSchema, response: AnswerSaveResultSchema }),
  /** Submits: REPEAT_SUBMIT_ERROR when already submitted (by anyone). */
  submit: defineRoute({ method: 'POST', path: '/api/exam/attempt/submit', ...student, body: AttemptIdBodySchema, response: AttemptResultSchema }),
  /** The page was left (anti-cheat): counted; past the limit the attempt is submitted (exception). */
  leave: defineRoute({ method: 'POST', path: '/api/exam/attempt/leave', ...student, body: AttemptIdBodySchema, response: LeaveResultSchema }),
  /** A camera photo of the examinee (monitoring). */
  photo: defineRoute({ method: 'POST', path: '/api/exam/attempt/photo', ...student, body: ExamPhotoSchema, response: z.null() }),
  /** The caller's attempts at one exam, newest first, scores as the exam's score display allows. */
  results: defineRoute({ method: 'POST', path: '/api/exam/attempt/results', ...student, body: ExamIdBodySchema, response: z.array(AttemptResultSchema) }),
};
