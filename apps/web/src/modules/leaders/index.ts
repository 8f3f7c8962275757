// Public face of the leaders web module (pages are collected by manage-pages.ts).
export { getLeaderCenter } from './api';
