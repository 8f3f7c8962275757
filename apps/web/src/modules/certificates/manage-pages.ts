import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-certificate', load: () => import('./manage/CertificatePage') },
  { path: 'add-certificate', load: () => import('./manage/CertificateEditPage'), codes: ['zsgl'], titleKey: 'page.add-certificate' },
]);
