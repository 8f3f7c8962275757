import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-label', load: () => import('./manage/LabelsPage') },
  // Spec §2: one page per kind of labelled object, on the same code.
  { path: 'label-job', load: () => import('./manage/LabelJobPage'), codes: ['bqgl'], titleKey: 'page.label-job' },
  { path: 'label-course', load: () => import('./manage/LabelCoursePage'), codes: ['bqgl'], titleKey: 'page.label-course' },
  { path: 'label-question', load: () => import('./manage/LabelQuestionPage'), codes: ['bqgl'], titleKey: 'page.label-question' },
]);
