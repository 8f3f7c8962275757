import { definePages } from '../../platform/pages';

export default definePages([
  // Courseware managers import a package and walk it as a learner would (context 'preview').
  { path: 'scorm-preview', load: () => import('./manage/ScormPreviewPage'), codes: ['kjgl'], titleKey: 'page.scorm-preview' },
]);
