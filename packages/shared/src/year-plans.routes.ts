import { IdBodySchema } from './api.js';
import { FileAnswerSchema, batchRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  YearPlanCreateSchema,
  YearPlanDetailSchema,
  YearPlanListQuerySchema,
  YearPlanRowSchema,
  YearPlanUpdateSchema,
  YearPlanExportSchema,
  YearPlanYearExportSchema,
} from './year-plans.js';

/** Annual training plans (`ndjh`, data scope by the plan's department). */
export const yearPlanRoutes = {
  ...listGetRoutes('/api/year-plan', ['ndjh'], { query: YearPlanListQuerySchema, row: YearPlanRowSchema, detail: YearPlanDetailSchema }),
  insert: writeRoute('/api/year-plan/insert', ['ndjh:add'], 'yearPlan.insert', { body: YearPlanCreateSchema, response: YearPlanDetailSchema }),
  update: writeRoute('/api/year-plan/update', ['ndjh:modify'], 'yearPlan.update', { body: YearPlanUpdateSchema, response: YearPlanDetailSchema }),
  delete: batchRoute('/api/year-plan/delete', ['ndjh:delete'], 'yearPlan.delete'),
  /** Submits (or resubmits after a refusal or withdrawal) the plan to its approval flow. */
  submit: writeRoute('/api/year-plan/submit', ['ndjh:modify'], 'yearPlan.submit', { body: IdBodySchema, response: YearPlanDetailSchema }),
  /** Excel of one plan (lines, budget items, totals in yuan); `ndjh` has no export action, so reading the plan suffices. */
  export: writeRoute('/api/year-plan/export', ['ndjh'], 'yearPlan.export', { body: YearPlanExportSchema, response: FileAnswerSchema, kind: 'download' }),
  /** Excel of the year overview: the year's plans in the caller's scope. */
  exportYear: writeRoute('/api/year-plan/export-year', ['ndjh'], 'yearPlan.exportYear', {
    body: YearPlanYearExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
