// Public surface of the learning module: other modules import only from here.
export { courseItemProgress, courseLearners } from './learning.schema.js';
export { enrolLearners, recountLearnerTotals } from './learning.enrol.js';
export { learnerTotals } from './learning.schema.js';
export { registerCoursePassListener, type CoursePassListener } from './learning.passes.js';
