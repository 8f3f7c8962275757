import { definePages } from '../../platform/pages';

// The permission tree's pxapgl menu opens `manage-train`; the spec's other class routes sit under the same code.
export default definePages([
  { path: 'manage-train', load: () => import('./manage/TrainClassListPage') },
  { path: 'manage-train-class', load: () => import('./manage/TrainClassListPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-class' },
  { path: 'add-train-class', load: () => import('./manage/TrainClassEditPage'), codes: ['pxapgl'], titleKey: 'page.add-train-class' },
  // The spec's `add-train` (a training) is the class editor: a training is run as a class here.
  { path: 'add-train', load: () => import('./manage/TrainClassEditPage'), codes: ['pxapgl'], titleKey: 'page.add-train-class' },
  { path: 'manage-trainClass', load: () => import('./manage/TrainClassDetailPage'), codes: ['pxapgl'], titleKey: 'page.manage-trainClass' },
  { path: 'manage-train-calendar', load: () => import('./manage/TrainClassCalendarPage'), codes: ['pxapgl'], titleKey: 'page.manage-train-calendar' },
  { path: 'train-approval', load: () => import('./manage/TrainApprovalPage'), codes: ['pxapgl:approve'], titleKey: 'page.train-approval' },
  { path: 'train-class-approval', load: () => import('./manage/TrainClassApprovalPage'), codes: ['pxapgl:approve'], titleKey: 'page.train-class-approval' },
]);
