// Public surface of the surveys module: other modules import only from here.
export { surveys } from './surveys.schema.js';
export { SURVEY_CLOCK_JOB } from './surveys.clock.js';
