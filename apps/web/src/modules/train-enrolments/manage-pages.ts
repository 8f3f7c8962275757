import { definePages } from '../../platform/pages';

// The roster pages belong to training class management (pxapgl); enrolment approval has its own code (pxbmsp).
export default definePages([
  { path: 'manage-train-sign', load: () => import('./manage/RosterPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-sign' },
  { path: 'manage-train-name', load: () => import('./manage/RosterPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-name' },
  { path: 'add-train-name', load: () => import('./manage/AddTrainNamePage'), codes: ['pxapgl:add'], titleKey: 'page.add-train-name' },
  { path: 'enroll-approval', load: () => import('./manage/EnrollApprovalPage') },
]);
