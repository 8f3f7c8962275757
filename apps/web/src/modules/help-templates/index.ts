// Public face of the help-templates web module (pages are collected by manage-pages.ts).
export { findPublishedHelp } from './api';
