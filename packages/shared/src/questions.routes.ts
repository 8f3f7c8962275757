import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, defineRoute } from './contract.js';
import { UserImportErrorsSchema, UserImportResultSchema } from './users.js';
import { TreeSortSchema } from './orgs.js';
import {
  QuestionCategoryInsertSchema,
  QuestionCategoryNodeSchema,
  QuestionCategoryUpdateSchema,
  QuestionExportQuerySchema,
  QuestionImportQuerySchema,
  QuestionTemplateQuerySchema,
  QuestionInsertSchema,
  QuestionListQuerySchema,
  QuestionRefuseSchema,
  QuestionRowSchema,
  QuestionUpdateSchema,
} from './questions.js';

const write = <P extends string, C extends readonly [`tkgl${string}`, ...`tkgl${string}`[]]>(path: P, permission: C, operation: string) =>
  ({ method: 'POST', path, permission, operation }) as const;

/** The question bank (tkgl): its classification tree, questions of eight types, their approval. */
export const questionRoutes = {
  categoryTree: defineRoute({ method: 'POST', path: '/api/question-sort/tree', permission: ['tkgl'], response: z.array(QuestionCategoryNodeSchema) }),
  categoryInsert: defineRoute({ ...write('/api/question-sort/insert', ['tkgl:add'], 'question-sort.insert'), body: QuestionCategoryInsertSchema, response: NewIdSchema }),
  categoryUpdate: defineRoute({ ...write('/api/question-sort/update', ['tkgl:modify'], 'question-sort.update'), body: QuestionCategoryUpdateSchema, response: z.null() }),
  categoryDelete: defineRoute({ ...write('/api/question-sort/delete', ['tkgl:delete'], 'question-sort.delete'), body: IdBodySchema, response: z.null() }),
  categorySort: defineRoute({ ...write('/api/question-sort/sort', ['tkgl:modify'], 'question-sort.sort'), body: TreeSortSchema, response: z.null() }),

  list: defineRoute({ method: 'POST', path: '/api/question/list', permission: ['tkgl'], body: QuestionListQuerySchema, response: pageSchema(QuestionRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/question/get', permission: ['tkgl'], body: IdBodySchema, response: QuestionRowSchema }),
  insert: defineRoute({ ...write('/api/question/insert', ['tkgl:add'], 'question.insert'), body: QuestionInsertSchema, response: NewIdSchema }),
  update: defineRoute({ ...write('/api/question/update', ['tkgl:modify'], 'question.update'), body: QuestionUpdateSchema, response: z.null() }),
  delete: defineRoute({ ...write('/api/question/delete', ['tkgl:delete'], 'question.delete'), body: IdsSchema, response: z.null() }),
  submit: defineRoute({ ...write('/api/question/submit', ['tkgl:add'], 'question.submit'), body: IdsSchema, response: CountSchema }),
  approve: defineRoute({ ...write('/api/question-approval/approve', ['tkgl:approve'], 'question.approve'), body: IdsSchema, response: CountSchema }),
  refuse: defineRoute({ ...write('/api/question-approval/refuse', ['tkgl:approve'], 'question.refuse'), body: QuestionRefuseSchema, response: CountSchema }),

  /** The Excel template of one type. */
  template: defineRoute({
    ...write('/api/question/template', ['tkgl:import'], 'question.template'),
    body: QuestionTemplateQuerySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it); `type` names the template. */
  import: defineRoute({
    ...write('/api/question/import', ['tkgl:import'], 'question.import'),
    query: QuestionImportQuerySchema,
    response: UserImportResultSchema,
    kind: 'upload',
  }),
  importErrors: defineRoute({
    ...write('/api/question/import/errors', ['tkgl:import'], 'question.import.errors'),
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  export: defineRoute({
    ...write('/api/question/export', ['tkgl:export'], 'question.export'),
    body: QuestionExportQuerySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
