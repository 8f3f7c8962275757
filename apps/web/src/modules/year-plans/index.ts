// Public face of the year-plans web module (pages are collected by manage-pages.ts).
export { findYearPlans } from './api';
