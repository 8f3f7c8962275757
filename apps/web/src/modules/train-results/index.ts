// Public face of the train-results web module (management pages are collected by manage-pages.ts).
import { lazy } from 'react';

/** The result sheet of one class (entry grid, import, submit, decide), for the ends' class page. */
export const ClassResultsPanel = lazy(() => import('./components/ClassResultsPanel').then((m) => ({ default: m.ClassResultsPanel })));
/** The lecturer end's evaluation page (the lead mounts it at /lecturer/evaluation). */
export const LecturerEvaluationPage = lazy(() => import('./lecturer/LecturerEvaluationPage'));
