import { z } from 'zod';
import { pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, defineRoute, writeRoute } from './contract.js';
import {
  LecturerEvaluationSchema,
  MyTrainSurveysSchema,
  TrainChargeDeleteSchema,
  TrainChoiceQuerySchema,
  TrainChoicesSchema,
  TrainChargeInsertSchema,
  TrainChargePageSchema,
  TrainChargeQuerySchema,
  TrainChargeUpdateSchema,
  TrainClassExamsSchema,
  TrainExamResultSchema,
  TrainMixedCompletionSchema,
  TrainPerformanceRowSchema,
  TrainPlanActualQuerySchema,
  TrainPlanActualSchema,
  TrainResultClassBodySchema,
  TrainResultClassQuerySchema,
  TrainResultClassRowSchema,
  TrainResultEnterSchema,
  TrainResultImportQuerySchema,
  TrainResultRefuseSchema,
  TrainResultSheetSchema,
  TrainSatisfactionResultSchema,
  TrainSurveyAnswerSchema,
  TrainSurveySetSchema,
  TrainSurveySetupSchema,
} from './train-results.js';
import type { PermissionCode } from './permissions.js';
import { UserImportErrorsSchema, UserImportResultSchema } from './users.js';

const base = '/api/train-result';
const read = <const P extends string, const C extends readonly PermissionCode[], B extends z.ZodType, R extends z.ZodType>(path: P, permission: C, body: B, response: R) =>
  defineRoute({ method: 'POST', path, permission, body, response });

/**
 * Results, exams, mixed completion: `pxjgsp` reads, `pxjgsp:modify` enters and submits, `pxjgsp:import`
 * imports, `pxjgsp:approve` decides. Satisfaction setup and results, performance and charges: `pxapgl`
 * reads, `pxapgl:modify` writes (the class's arrangement). Data scope: the class's host department.
 */
export const trainResultRoutes = {
  classes: read(`${base}/classes`, ['pxjgsp', 'pxapgl'], TrainResultClassQuerySchema, pageSchema(TrainResultClassRowSchema)),
  /** Also the class teacher (`pxgl-bzr`) and the lecturers (`pxgl-js`) of the class, read-only (the service checks). */
  sheet: read(`${base}/sheet`, ['pxjgsp', 'pxgl-bzr', 'pxgl-js'], TrainResultClassBodySchema, TrainResultSheetSchema),
  enter: writeRoute(`${base}/enter`, ['pxjgsp:modify'], 'trainResult.enter', { body: TrainResultEnterSchema, response: TrainResultSheetSchema }),
  submit: writeRoute(`${base}/submit`, ['pxjgsp:modify'], 'trainResult.submit', { body: TrainResultClassBodySchema, response: TrainResultSheetSchema }),
  approve: writeRoute(`${base}/approve`, ['pxjgsp:approve'], 'trainResult.approve', { body: TrainResultClassBodySchema, response: TrainResultSheetSchema }),
  refuse: writeRoute(`${base}/refuse`, ['pxjgsp:approve'], 'trainResult.refuse', { body: TrainResultRefuseSchema, response: TrainResultSheetSchema }),
  template: writeRoute(`${base}/template`, ['pxjgsp:import'], 'trainResult.template', { response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file`; `classId`, `mode` and `skipInvalid` in the query. */
  import: writeRoute(`${base}/import`, ['pxjgsp:import'], 'trainResult.import', { query: TrainResultImportQuerySchema, response: UserImportResultSchema, kind: 'upload' }),
  importErrors: writeRoute(`${base}/import/errors`, ['pxjgsp:import'], 'trainResult.import.errors', {
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),

  examResults: read(`${base}/exam-results`, ['pxjgsp'], TrainResultClassBodySchema, TrainExamResultSchema),
  linkExams: writeRoute(`${base}/link-exams`, ['pxjgsp:modify'], 'trainResult.linkExams', { body: TrainClassExamsSchema, response: TrainExamResultSchema }),
  /** Exams in the caller's scope to link (up to 50, newest first). */
  examChoices: read(`${base}/exam-choices`, ['pxjgsp'], TrainChoiceQuerySchema, TrainChoicesSchema),
  mixed: read(`${base}/mixed`, ['pxjgsp'], TrainResultClassBodySchema, TrainMixedCompletionSchema),

  surveys: read(`${base}/surveys`, ['pxapgl'], TrainResultClassBodySchema, TrainSurveySetupSchema),
  /** Published questionnaire templates in the caller's scope (up to 50, newest first). */
  templateChoices: read(`${base}/template-choices`, ['pxapgl'], TrainChoiceQuerySchema, TrainChoicesSchema),
  setSurvey: writeRoute(`${base}/set-survey`, ['pxapgl:modify'], 'trainResult.setSurvey', { body: TrainSurveySetSchema, response: TrainSurveySetupSchema }),
  satisfaction: read(`${base}/satisfaction`, ['pxapgl'], TrainResultClassBodySchema, TrainSatisfactionResultSchema),
  /** The caller's questionnaires of a class they are admitted to (student portal). */
  mySurveys: defineRoute({ method: 'POST', path: `${base}/my-surveys`, permission: 'authenticated', body: TrainResultClassBodySchema, response: MyTrainSurveysSchema }),
  answer: defineRoute({
    method: 'POST',
    path: `${base}/answer`,
    permission: 'authenticated',
    operation: 'trainResult.answer',
    body: TrainSurveyAnswerSchema,
    response: z.null(),
  }),
  /** The lecturer linked to the caller's user: satisfaction per class (lecturer end, evaluation page). */
  myEvaluation: defineRoute({ method: 'POST', path: `${base}/my-evaluation`, permission: ['pxpj-js'], response: LecturerEvaluationSchema }),

  performance: read(`${base}/performance`, ['pxapgl'], TrainResultClassQuerySchema, pageSchema(TrainPerformanceRowSchema)),

  charges: read(`${base}/charges`, ['pxapgl'], TrainChargeQuerySchema, TrainChargePageSchema),
  insertCharge: writeRoute(`${base}/charge/insert`, ['pxapgl:modify'], 'trainResult.charge.insert', { body: TrainChargeInsertSchema, response: NewIdSchema }),
  updateCharge: writeRoute(`${base}/charge/update`, ['pxapgl:modify'], 'trainResult.charge.update', { body: TrainChargeUpdateSchema, response: z.null() }),
  deleteCharge: writeRoute(`${base}/charge/delete`, ['pxapgl:modify'], 'trainResult.charge.delete', { body: TrainChargeDeleteSchema, response: CountSchema }),
  /** Planned (the plan's lines) against actual (the charges of the classes carrying them out), per line. */
  planActual: read(`${base}/plan-actual`, ['pxapgl'], TrainPlanActualQuerySchema, TrainPlanActualSchema),
};
