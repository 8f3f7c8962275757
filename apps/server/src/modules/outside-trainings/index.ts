// Public surface of the outside-trainings module: other modules import only from here (read-only table references).
export { outsideTrainings } from './outside-trainings.schema.js';
