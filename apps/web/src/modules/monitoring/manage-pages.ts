import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'monitoring-manage', load: () => import('./manage/MonitoredExamsPage') },
  { path: 'view-monitoring', load: () => import('./manage/ViewMonitoringPage'), codes: ['jkgl'], titleKey: 'page.view-monitoring' },
  { path: 'monitoring-screen-detail', load: () => import('./manage/MonitoringScreenPage'), codes: ['jkgl'], titleKey: 'page.monitoring-screen-detail' },
  { path: 'user-monitoring-photo', load: () => import('./manage/UserPhotosPage'), codes: ['jkgl'], titleKey: 'page.user-monitoring-photo' },
]);
