// Public surface of the assignments module: other modules import only from here.
export { learnAssignmentCourses, learnAssignments, learnAssignmentUsers } from './assignments.schema.js';
