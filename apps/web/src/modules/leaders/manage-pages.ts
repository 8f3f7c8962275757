import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-leader', load: () => import('./manage/LeaderListPage') },
  { path: 'add-leader', load: () => import('./manage/LeaderEditPage'), codes: ['pxld'], titleKey: 'page.add-leader' },
  // The plan center is the signed-in leader's own (the server answers only what they lead): no code.
  { path: 'leader-center-plan', load: () => import('./manage/LeaderCenterPage'), codes: [], titleKey: 'page.leader-center-plan' },
]);
