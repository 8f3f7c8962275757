import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdsSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, batchRoute, listGetRoutes, writeRoute } from './contract.js';
import { UserImportErrorsSchema, UserImportResultSchema } from './users.js';
import {
  QuestionExportQuerySchema,
  QuestionImportQuerySchema,
  QuestionTemplateQuerySchema,
  QuestionInsertSchema,
  QuestionListQuerySchema,
  QuestionRefuseSchema,
  QuestionRowSchema,
  QuestionUpdateSchema,
} from './questions.js';

/** The question bank (tkgl): its classification tree, questions of eight types, their approval. */
export const questionRoutes = {
  ...categoryTreeRoutes('question-sort', ['tkgl'], 'tkgl'),

  ...listGetRoutes('/api/question', ['tkgl'], { query: QuestionListQuerySchema, row: QuestionRowSchema, detail: QuestionRowSchema }),
  insert: writeRoute('/api/question/insert', ['tkgl:add'], 'question.insert', { body: QuestionInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/question/update', ['tkgl:modify'], 'question.update', { body: QuestionUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/question/delete', ['tkgl:delete'], 'question.delete', { body: IdsSchema, response: z.null() }),
  /** Submitting publishes a question into the bank (for approval): tkgl:publish. */
  submit: batchRoute('/api/question/submit', ['tkgl:publish'], 'question.submit'),
  /** An approved question back to a draft: tkgl:unpublish. */
  unpublish: batchRoute('/api/question/unpublish', ['tkgl:unpublish'], 'question.unpublish'),
  approve: batchRoute('/api/question-approval/approve', ['tkgl:approve'], 'question.approve'),
  refuse: writeRoute('/api/question-approval/refuse', ['tkgl:approve'], 'question.refuse', { body: QuestionRefuseSchema, response: CountSchema }),

  /** The Excel template of one type. */
  template: writeRoute('/api/question/template', ['tkgl:import'], 'question.template', { body: QuestionTemplateQuerySchema, response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it); `type` names the template. */
  import: writeRoute('/api/question/import', ['tkgl:import'], 'question.import', { query: QuestionImportQuerySchema, response: UserImportResultSchema, kind: 'upload' }),
  importErrors: writeRoute('/api/question/import/errors', ['tkgl:import'], 'question.import.errors', {
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  export: writeRoute('/api/question/export', ['tkgl:export'], 'question.export', { body: QuestionExportQuerySchema, response: FileAnswerSchema, kind: 'download' }),
};
