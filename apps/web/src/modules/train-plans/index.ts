// Public face of the train-plans web module (pages are collected by manage-pages.ts).
export { findTrainPlans } from './api';
