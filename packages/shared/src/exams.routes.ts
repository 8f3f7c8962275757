import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { pageSchema } from './api.js';
import { batchRoute, defineRoute, listGetRoutes, publishRoutes, writeRoute } from './contract.js';
import {
  ExamCreateSchema,
  ExamDetailSchema,
  ExamListQuerySchema,
  ExamPaperInfoSchema,
  ExamPaperSearchSchema,
  ExamRowSchema,
  ExamUpdateSchema,
  MyExamQuerySchema,
  MyExamRowSchema,
} from './exams.js';

/** Exam scheduling (ksgl; data scope by the exam's organization) and the student's "my exams". */
export const examRoutes = {
  ...categoryTreeRoutes('exam-sort', ['ksgl'], 'ksgl'),

  ...listGetRoutes('/api/exam', ['ksgl'], { query: ExamListQuerySchema, row: ExamRowSchema, detail: ExamDetailSchema }),
  papers: defineRoute({ method: 'POST', path: '/api/exam/papers', permission: ['ksgl'], body: ExamPaperSearchSchema, response: z.array(ExamPaperInfoSchema) }),
  insert: writeRoute('/api/exam/insert', ['ksgl:add'], 'exam.insert', { body: ExamCreateSchema, response: ExamDetailSchema }),
  update: writeRoute('/api/exam/update', ['ksgl:modify'], 'exam.update', { body: ExamUpdateSchema, response: ExamDetailSchema }),
  delete: batchRoute('/api/exam/delete', ['ksgl:delete'], 'exam.delete'),
  ...publishRoutes('/api/exam', 'ksgl', 'exam'),

  my: defineRoute({ method: 'POST', path: '/api/exam/my', permission: 'authenticated', tags: ['student'], body: MyExamQuerySchema, response: pageSchema(MyExamRowSchema) }),
};
