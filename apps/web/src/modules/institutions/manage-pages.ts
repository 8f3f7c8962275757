import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-institution', load: () => import('./manage/InstitutionListPage') },
  { path: 'add-institution', load: () => import('./manage/InstitutionEditPage'), codes: ['pxjggl'], titleKey: 'page.add-institution' },
]);
