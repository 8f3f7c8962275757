import { z } from 'zod';
import { IdBodySchema, pageSchema } from './api.js';
import { NewIdSchema, batchRoute, defineRoute } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import {
  ExamCategoryInsertSchema,
  ExamCategoryNodeSchema,
  ExamCategoryUpdateSchema,
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

const write = <P extends string, C extends readonly [`ksgl${string}`, ...`ksgl${string}`[]]>(path: P, permission: C, operation: string) =>
  ({ method: 'POST', path, permission, operation }) as const;

/** Exam scheduling (ksgl; data scope by the exam's organization) and the student's "my exams". */
export const examRoutes = {
  categoryTree: defineRoute({ method: 'POST', path: '/api/exam-sort/tree', permission: ['ksgl'], response: z.array(ExamCategoryNodeSchema) }),
  categoryInsert: defineRoute({ ...write('/api/exam-sort/insert', ['ksgl:add'], 'exam-sort.insert'), body: ExamCategoryInsertSchema, response: NewIdSchema }),
  categoryUpdate: defineRoute({ ...write('/api/exam-sort/update', ['ksgl:modify'], 'exam-sort.update'), body: ExamCategoryUpdateSchema, response: z.null() }),
  categoryDelete: defineRoute({ ...write('/api/exam-sort/delete', ['ksgl:delete'], 'exam-sort.delete'), body: IdBodySchema, response: z.null() }),
  categorySort: defineRoute({ ...write('/api/exam-sort/sort', ['ksgl:modify'], 'exam-sort.sort'), body: TreeSortSchema, response: z.null() }),

  list: defineRoute({ method: 'POST', path: '/api/exam/list', permission: ['ksgl'], body: ExamListQuerySchema, response: pageSchema(ExamRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/exam/get', permission: ['ksgl'], body: IdBodySchema, response: ExamDetailSchema }),
  papers: defineRoute({ method: 'POST', path: '/api/exam/papers', permission: ['ksgl'], body: ExamPaperSearchSchema, response: z.array(ExamPaperInfoSchema) }),
  insert: defineRoute({ ...write('/api/exam/insert', ['ksgl:add'], 'exam.insert'), body: ExamCreateSchema, response: ExamDetailSchema }),
  update: defineRoute({ ...write('/api/exam/update', ['ksgl:modify'], 'exam.update'), body: ExamUpdateSchema, response: ExamDetailSchema }),
  delete: batchRoute('/api/exam/delete', ['ksgl:delete'], 'exam.delete'),
  publish: batchRoute('/api/exam/publish', ['ksgl:publish'], 'exam.publish'),
  unpublish: batchRoute('/api/exam/unpublish', ['ksgl:unpublish'], 'exam.unpublish'),

  my: defineRoute({ method: 'POST', path: '/api/exam/my', permission: 'authenticated', tags: ['student'], body: MyExamQuerySchema, response: pageSchema(MyExamRowSchema) }),
};
