// Public face of the train-enrolments web module (pages are collected by manage-pages.ts; portal pages are routed in app/routes/portal-paths.ts).
export { ClassRosterPanel } from './components/ClassRosterPanel';
export { EnrolmentTable, type EnrolmentAction, type EnrolmentTableProps } from './components/EnrolmentTable';
export { findMyTraining, findTrainCatalog } from './api';
