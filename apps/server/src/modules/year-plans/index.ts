// Public surface of the year-plans module: other modules import only from here (read-only table references).
export { yearPlans, yearPlanLines } from './year-plans.schema.js';
export { registerPlanLineActuals, planLinesWithActuals, type PlanLineActuals } from './year-plans.actuals.js';
export { lineBudgetOf } from './year-plans.repository.js';
