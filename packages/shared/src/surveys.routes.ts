import { z } from 'zod';
import { IdBodySchema, pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  MySurveyQuerySchema,
  MySurveyRowSchema,
  SurveyAnswerBodySchema,
  SurveyDetailSchema,
  SurveyInsertSchema,
  SurveyListQuerySchema,
  SurveyRowSchema,
  SurveySheetSchema,
  SurveyUpdateSchema,
  SurveyOrgReportQuerySchema,
  SurveyOrgReportRowSchema,
  SurveyRemindSchema,
  SurveyReportQuerySchema,
  SurveyReportRowSchema,
  SurveyResultExportSchema,
  SurveyResultQuerySchema,
  SurveyResultSchema,
  SurveyTextQuerySchema,
  SurveyTextRowSchema,
  SurveyUnansweredQuerySchema,
  SurveyUnansweredRowSchema,
} from './surveys.js';

/** Surveys: management (dcgl: `manage-survey`, `add-survey`) and the student center's questionnaires. */
export const surveyRoutes = {
  ...listGetRoutes('/api/survey', ['dcgl'], { query: SurveyListQuerySchema, row: SurveyRowSchema, detail: SurveyDetailSchema }),
  insert: writeRoute('/api/survey/insert', ['dcgl:add'], 'survey.insert', { body: SurveyInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/survey/update', ['dcgl:modify'], 'survey.update', { body: SurveyUpdateSchema, response: z.null() }),
  delete: batchRoute('/api/survey/delete', ['dcgl:delete'], 'survey.delete'),
  release: batchRoute('/api/survey/release', ['dcgl:publish'], 'survey.release'),
  unrelease: batchRoute('/api/survey/unrelease', ['dcgl:unpublish'], 'survey.unrelease'),

  my: defineRoute({ method: 'POST', path: '/api/survey/my', permission: 'authenticated', body: MySurveyQuerySchema, response: pageSchema(MySurveyRowSchema) }),
  sheet: defineRoute({ method: 'POST', path: '/api/survey/my/sheet', permission: 'authenticated', body: IdBodySchema, response: SurveySheetSchema }),
  saveDraft: defineRoute({ method: 'POST', path: '/api/survey/my/draft', permission: 'authenticated', body: SurveyAnswerBodySchema, response: z.null() }),
  submit: defineRoute({ method: 'POST', path: '/api/survey/my/submit', permission: 'authenticated', body: SurveyAnswerBodySchema, response: z.null() }),

  // Results and reports (dcgl: `survey-result`, `manage-survey-report`, `manage-surveydetail-report`): surveys of the caller's scope.
  result: defineRoute({ method: 'POST', path: '/api/survey/result', permission: ['dcgl'], body: SurveyResultQuerySchema, response: SurveyResultSchema }),
  resultTexts: defineRoute({ method: 'POST', path: '/api/survey/result/texts', permission: ['dcgl'], body: SurveyTextQuerySchema, response: pageSchema(SurveyTextRowSchema) }),
  unanswered: defineRoute({
    method: 'POST',
    path: '/api/survey/result/unanswered',
    permission: ['dcgl'],
    body: SurveyUnansweredQuerySchema,
    response: pageSchema(SurveyUnansweredRowSchema),
  }),
  remind: writeRoute('/api/survey/result/remind', ['dcgl:publish'], 'survey.remind', { body: SurveyRemindSchema, response: CountSchema }),
  exportAnswers: writeRoute('/api/survey/result/export-answers', ['dcgl:export'], 'survey.export.answers', {
    body: SurveyResultExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  exportSummary: writeRoute('/api/survey/result/export-summary', ['dcgl:export'], 'survey.export.summary', {
    body: SurveyResultExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  report: defineRoute({ method: 'POST', path: '/api/survey/report/list', permission: ['dcgl'], body: SurveyReportQuerySchema, response: pageSchema(SurveyReportRowSchema) }),
  orgReport: defineRoute({
    method: 'POST',
    path: '/api/survey/report/orgs',
    permission: ['dcgl'],
    body: SurveyOrgReportQuerySchema,
    response: pageSchema(SurveyOrgReportRowSchema),
  }),
  /** A respondent reads the summary of a results-public survey they answered (no free texts of others). */
  myResult: defineRoute({ method: 'POST', path: '/api/survey/my/result', permission: 'authenticated', body: IdBodySchema, response: SurveyResultSchema }),
};
