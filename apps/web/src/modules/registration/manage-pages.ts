import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'registered-user', load: () => import('./manage/RegistrationListPage') },
  { path: 'registered-user-detail', load: () => import('./manage/RegistrationDetailPage'), codes: ['zcyh'], titleKey: 'page.registered-user-detail' },
  { path: 'registered-student', load: () => import('./manage/RegistrationListPage'), codes: ['zcyh'], titleKey: 'page.registered-student' },
  { path: 'registered-student-detail', load: () => import('./manage/RegistrationDetailPage'), codes: ['zcyh'], titleKey: 'page.registered-student-detail' },
]);
