import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-test-paper', load: () => import('./manage/PaperListPage') },
  { path: 'add-paper', load: () => import('./manage/PaperEditPage'), codes: ['sjgl:add', 'sjgl:modify'], titleKey: 'page.add-paper' },
]);
