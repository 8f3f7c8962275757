import { examRoutes as routes, examTakingRoutes, type AnswerSave, type MyExamQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** The student's exams (a file of its own: the portal page pulls no back-office route). */
export const findMyExams = (q: Partial<MyExamQuery> & { page: number; size: number }) => call(routes.my, q);

/** Taking an exam: the answer sheet's calls (silent: the sheet shows their failures itself). */
export const examTaking = {
  start: (examId: number) => call(examTakingRoutes.start, { examId }, { silent: true }),
  sheet: (attemptId: number) => call(examTakingRoutes.sheet, { attemptId }, { silent: true }),
  save: (body: AnswerSave) => call(examTakingRoutes.save, body, { silent: true }),
  submit: (attemptId: number) => call(examTakingRoutes.submit, { attemptId }, { silent: true }),
  leave: (attemptId: number) => call(examTakingRoutes.leave, { attemptId }, { silent: true }),
  photo: (attemptId: number, data: string) => call(examTakingRoutes.photo, { attemptId, data }, { silent: true }),
  results: (examId: number) => call(examTakingRoutes.results, { examId }, { silent: true }),
};
