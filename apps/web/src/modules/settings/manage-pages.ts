import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'set-login', load: () => import('./manage/LoginSettingsPage') },
  { path: 'manage-parameter', load: () => import('./manage/ParamsPage') },
  { path: 'license-set', load: () => import('./manage/LicencePage') },
]);
