import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdBodySchema } from './api.js';
import { FileAnswerSchema, NewIdSchema, batchRoute, listGetRoutes, publishRoutes, writeRoute } from './contract.js';
import { UserImportErrorsSchema } from './users.js';
import {
  QuestionnaireCopySchema,
  QuestionnaireDetailSchema,
  QuestionnaireImportQuerySchema,
  QuestionnaireImportResultSchema,
  QuestionnaireInsertSchema,
  QuestionnaireListQuerySchema,
  QuestionnaireRowSchema,
  QuestionnaireUpdateSchema,
} from './questionnaires.js';

/** Questionnaire templates (wjgl: `manage-questionnaires`, `add-questionnaire`); surveys (dcgl) read them too. */
export const questionnaireRoutes = {
  ...categoryTreeRoutes('questionnaire-sort', ['wjgl', 'dcgl'], 'wjgl'),
  ...listGetRoutes('/api/questionnaire', ['wjgl', 'dcgl'], { query: QuestionnaireListQuerySchema, row: QuestionnaireRowSchema, detail: QuestionnaireDetailSchema }),
  insert: writeRoute('/api/questionnaire/insert', ['wjgl:add'], 'questionnaire.insert', { body: QuestionnaireInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/questionnaire/update', ['wjgl:modify'], 'questionnaire.update', { body: QuestionnaireUpdateSchema, response: z.null() }),
  copy: writeRoute('/api/questionnaire/copy', ['wjgl:add'], 'questionnaire.copy', { body: QuestionnaireCopySchema, response: NewIdSchema }),
  delete: batchRoute('/api/questionnaire/delete', ['wjgl:delete'], 'questionnaire.delete'),
  ...publishRoutes('/api/questionnaire', 'wjgl', 'questionnaire'),
  /** The Excel template: one row per item, with an instructions sheet. */
  template: writeRoute('/api/questionnaire/template', ['wjgl'], 'questionnaire.template', { response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it); commit makes a new draft template. */
  import: writeRoute('/api/questionnaire/import', ['wjgl:add'], 'questionnaire.import', {
    query: QuestionnaireImportQuerySchema,
    response: QuestionnaireImportResultSchema,
    kind: 'upload',
  }),
  importErrors: writeRoute('/api/questionnaire/import/errors', ['wjgl:add'], 'questionnaire.import.errors', {
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  /** One template in the import's format (export → import gives the same items). */
  export: writeRoute('/api/questionnaire/export', ['wjgl'], 'questionnaire.export', { body: IdBodySchema, response: FileAnswerSchema, kind: 'download' }),
};
