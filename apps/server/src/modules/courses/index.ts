// Public surface of the courses module: other modules import only from here.
export { courseCategories, courseChapters, courseComments, courseItems, courseLecturers, courses } from './courses.schema.js';
export { catalogOrder, coursesReachedBy, coursesVisibleTo, getCourseOutline, inCourseAudience } from './courses.repository.js';
export { registerCourseUse } from './courses.usage.js';
