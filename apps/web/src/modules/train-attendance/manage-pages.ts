import { definePages } from '../../platform/pages';

/**
 * manage-train-attendance is the menu page of `pxkqsp`. The spec gives base-enter-attendance, enter-attendance and
 * manage-mix-train-sign no code of their own: attendance keepers (`pxkqsp`) and training arrangers (`pxapgl`) open
 * them, as the server's attendance routes allow.
 */
const KEEPERS = ['pxkqsp', 'pxapgl'];
export default definePages([
  { path: 'manage-train-attendance', load: () => import('./manage/AttendancePage') },
  { path: 'base-enter-attendance', load: () => import('./manage/EnterAttendancePage'), codes: KEEPERS },
  { path: 'enter-attendance', load: () => import('./manage/EnterAttendancePage'), codes: KEEPERS },
  { path: 'manage-mix-train-sign', load: () => import('./manage/MixSignInPage'), codes: KEEPERS },
]);
