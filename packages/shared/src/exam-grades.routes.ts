import { z } from 'zod';
import { pageSchema } from './api.js';
import { FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import {
  AttemptIdSchema,
  AttemptPaperSchema,
  ExamExtensionSchema,
  ExamIdSchema,
  GradeExamQuerySchema,
  GradeExamRowSchema,
  GradePersonExportSchema,
  GradePersonQuerySchema,
  GradePersonRowSchema,
  GradeStatisticsSchema,
  GradeUpdateSchema,
  MarkSaveResultSchema,
  MarkSaveSchema,
  MarkingExamQuerySchema,
  MarkingExamRowSchema,
  MarkingExamineeQuerySchema,
  MarkingExamineeRowSchema,
  MistakeAnalysisRowSchema,
  MyRankingSchema,
  PersonExamRowSchema,
  PersonTotalQuerySchema,
  PersonTotalRowSchema,
  RankingQuerySchema,
  RankingRowSchema,
  TestStatisticsSchema,
  UserIdSchema,
} from './exam-grades.js';

/**
 * Marking (cjpy), grades and statistics (cjgl) of exams, and the student's ranking and answer
 * review. Data scope: the exam's organization (a reviewer named on the exam marks it wherever it is).
 */
export const examGradeRoutes = {
  markingList: defineRoute({ method: 'POST', path: '/api/exam/marking/list', permission: ['cjpy'], body: MarkingExamQuerySchema, response: pageSchema(MarkingExamRowSchema) }),
  markingExaminees: defineRoute({
    method: 'POST',
    path: '/api/exam/marking/examinees',
    permission: ['cjpy'],
    body: MarkingExamineeQuerySchema,
    response: pageSchema(MarkingExamineeRowSchema),
  }),
  markingAttempt: defineRoute({ method: 'POST', path: '/api/exam/marking/attempt', permission: ['cjpy'], body: AttemptIdSchema, response: AttemptPaperSchema }),
  markingSave: writeRoute('/api/exam/marking/save', ['cjpy'], 'exam.marking.save', { body: MarkSaveSchema, response: MarkSaveResultSchema }),
  publishScores: writeRoute('/api/exam/scores/publish', ['cjgl:publish', 'cjpy:publish'], 'exam.scores.publish', { body: ExamIdSchema, response: z.null() }),

  gradeList: defineRoute({ method: 'POST', path: '/api/exam/grade/list', permission: ['cjgl'], body: GradeExamQuerySchema, response: pageSchema(GradeExamRowSchema) }),
  gradeCount: defineRoute({ method: 'POST', path: '/api/exam/grade/count', permission: ['cjgl'], body: ExamIdSchema, response: GradeExamRowSchema }),
  gradePeople: defineRoute({ method: 'POST', path: '/api/exam/grade/people', permission: ['cjgl'], body: GradePersonQuerySchema, response: pageSchema(GradePersonRowSchema) }),
  gradeExport: writeRoute('/api/exam/grade/export', ['cjgl:export'], 'exam.grade.export', { body: GradePersonExportSchema, response: FileAnswerSchema, kind: 'download' }),
  gradeUpdate: writeRoute('/api/exam/grade/update', ['cjgl:modify'], 'exam.grade.update', {
    body: GradeUpdateSchema,
    response: GradePersonRowSchema.pick({ score: true, passed: true }),
  }),
  extend: writeRoute('/api/exam/grade/extend', ['cjgl:modify'], 'exam.grade.extend', { body: ExamExtensionSchema, response: z.null() }),
  ranking: defineRoute({ method: 'POST', path: '/api/exam/grade/ranking', permission: ['cjgl'], body: RankingQuerySchema, response: pageSchema(RankingRowSchema) }),
  paperDetail: defineRoute({ method: 'POST', path: '/api/exam/grade/paper', permission: ['cjgl', 'cjpy'], body: AttemptIdSchema, response: AttemptPaperSchema }),

  testStatistics: defineRoute({ method: 'POST', path: '/api/exam/statistics/test', permission: ['cjgl'], body: ExamIdSchema, response: TestStatisticsSchema }),
  mistakes: defineRoute({ method: 'POST', path: '/api/exam/statistics/mistakes', permission: ['cjgl'], body: ExamIdSchema, response: z.array(MistakeAnalysisRowSchema) }),
  gradeStatistics: defineRoute({ method: 'POST', path: '/api/exam/statistics/grades', permission: ['cjgl'], body: GradeExamQuerySchema, response: GradeStatisticsSchema }),
  personTotals: defineRoute({
    method: 'POST',
    path: '/api/exam/statistics/people',
    permission: ['cjgl'],
    body: PersonTotalQuerySchema,
    response: pageSchema(PersonTotalRowSchema),
  }),
  personExams: defineRoute({ method: 'POST', path: '/api/exam/statistics/person', permission: ['cjgl'], body: UserIdSchema, response: z.array(PersonExamRowSchema) }),

  myRanking: defineRoute({ method: 'POST', path: '/api/exam/my/ranking', permission: 'authenticated', tags: ['student'], body: ExamIdSchema, response: MyRankingSchema }),
  myReview: defineRoute({ method: 'POST', path: '/api/exam/my/review', permission: 'authenticated', tags: ['student'], body: AttemptIdSchema, response: AttemptPaperSchema }),
};
