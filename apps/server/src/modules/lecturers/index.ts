// Public surface of the lecturers module: other modules import only from here.
export { lecturers } from './lecturers.schema.js';
