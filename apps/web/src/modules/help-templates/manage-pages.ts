import { TRAINING_READER_CODES } from '@hanlin/shared';
import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'help-and-template', load: () => import('./manage/HelpTemplateListPage') },
  { path: 'update-help-template', load: () => import('./manage/HelpTemplateEditPage'), codes: ['bzmb'], titleKey: 'page.update-help-template' },
  // The published documents for every holder of a training code (read only).
  { path: 'help-and-template-read', load: () => import('./manage/HelpReadPage'), codes: TRAINING_READER_CODES, titleKey: 'page.help-and-template-read' },
]);
