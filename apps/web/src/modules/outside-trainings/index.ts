// Public face of the outside-trainings web module (pages are collected by manage-pages.ts).
export { findMyOutsideTrainings } from './api';
