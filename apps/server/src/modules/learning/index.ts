// Public surface of the learning module: other modules import only from here.
export { courseItemProgress, courseLearners } from './learning.schema.js';
