import { IdBodySchema } from './api.js';
import { FileAnswerSchema, batchRoute, listGetRoutes, writeRoute } from './contract.js';
import { TrainPlanCreateSchema, TrainPlanListExportSchema, TrainPlanListQuerySchema, TrainPlanRowSchema, TrainPlanUpdateSchema } from './train-plans.js';

/** Unplanned (ad-hoc) training plans (`pxjh`, data scope by the plan's department). */
export const trainPlanRoutes = {
  ...listGetRoutes('/api/train-plan', ['pxjh'], { query: TrainPlanListQuerySchema, row: TrainPlanRowSchema, detail: TrainPlanRowSchema }),
  insert: writeRoute('/api/train-plan/insert', ['pxjh:add'], 'trainPlan.insert', { body: TrainPlanCreateSchema, response: TrainPlanRowSchema }),
  update: writeRoute('/api/train-plan/update', ['pxjh:modify'], 'trainPlan.update', { body: TrainPlanUpdateSchema, response: TrainPlanRowSchema }),
  delete: batchRoute('/api/train-plan/delete', ['pxjh:delete'], 'trainPlan.delete'),
  /** Submits (or resubmits after a refusal or withdrawal) the plan to the `trainingPlan` approval flow. */
  submit: writeRoute('/api/train-plan/submit', ['pxjh:modify'], 'trainPlan.submit', { body: IdBodySchema, response: TrainPlanRowSchema }),
  /** Excel of the list (its filters and order, in the caller's scope). */
  export: writeRoute('/api/train-plan/export', ['pxjh:export'], 'trainPlan.export', { body: TrainPlanListExportSchema, response: FileAnswerSchema, kind: 'download' }),
};
