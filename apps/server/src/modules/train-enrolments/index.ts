// Public surface of the train-enrolments module: other modules import only from here.
export { trainEnrolments } from './train-enrolments.schema.js';
/** Admitted people (approved sign-ups) of a class: the train-classes audience registry takes `admittedUserIds` at merge. */
export { admittedUserIds, isAdmitted } from './train-enrolments.service.js';
