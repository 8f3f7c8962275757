import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'textbooks-digital', load: () => import('./manage/TextbookListPage') },
  { path: 'add-textbooks', load: () => import('./manage/TextbookEditPage'), codes: ['szjc:add', 'szjc:modify'], titleKey: 'page.add-textbooks' },
]);
