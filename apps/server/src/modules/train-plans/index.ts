// Public surface of the train-plans module: other modules import only from here (read-only table references).
export { trainPlans } from './train-plans.schema.js';
