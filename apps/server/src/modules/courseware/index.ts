// Public surface of the courseware module: other modules import only from here.
export { coursewares, coursewareCategories } from './courseware.schema.js';
export { registerCoursewareUse, type CoursewareUse } from './courseware.usage.js';
