// Public face of the train-attendance web module (management pages are collected by manage-pages.ts).
import { lazy } from 'react';

/** Full-screen rotating sign-in QR of a class's stage (the class teacher's end). */
export const ClassSignInScreen = lazy(() => import('./components/ClassSignInScreen').then((m) => ({ default: m.ClassSignInScreen })));
/** A class's attendance sheet: grid, manual entry, import, approval, statistics. */
export const ClassAttendancePanel = lazy(() => import('./components/ClassAttendancePanel').then((m) => ({ default: m.ClassAttendancePanel })));
export { findAttendanceClasses, getAttendanceSheet } from './api';
