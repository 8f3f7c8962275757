/** Student portal, student center and the lecturer / class-teacher ends, as data. */

export interface SectionRoute {
  path: string;
  codes: readonly string[];
  titleKey: string;
  /** The section's page; placeholder ("coming soon") without it. */
  load?: () => Promise<{ default: React.ComponentType }>;
  /** Pages below the section (a detail), relative paths. */
  children?: readonly { path: string; load: () => Promise<{ default: React.ComponentType }> }[];
}

/** Student center sections whose module already ships a page. */
const CENTER_PAGES: Record<string, SectionRoute['load']> = {
  certificates: () => import('../../modules/certificates/portal/MyCertificatesPage'),
  textbooks: () => import('../../modules/textbooks/portal/MyTextbooksPage'),
  messages: () => import('../../modules/messages/MyMessagesPage'),
  'my-courses': () => import('../../modules/learning/portal/MyCoursesPage'),
  exams: () => import('../../modules/exams/portal/MyExamsPage'),
  mistakes: () => import('../../modules/practice/portal/MistakesPage'),
  practice: () => import('../../modules/practice/portal/MyPracticePage'),
  qa: () => import('../../modules/qa/portal/QaCenterPage'),
  questionnaires: () => import('../../modules/surveys/portal/MySurveysPage'),
  approvals: () => import('../../modules/approvals/portal/MyApprovalsPage'),
  'outside-training': () => import('../../modules/outside-trainings/portal/MyOutsideTrainingsPage'),
  'face-training': () => import('../../modules/train-enrolments/portal/MyTrainingPage'),
  'mixed-training': () => import('../../modules/train-enrolments/portal/MixedTrainingPage'),
};

/** Portal header sections after home (spec section 6: kc-pc courses, zs-pc knowledge and mine). */
export const PORTAL_SECTIONS: readonly SectionRoute[] = [
  {
    path: 'courses',
    codes: ['kc-pc'],
    titleKey: 'portal.courses',
    load: () => import('../../modules/learning/portal/CourseListPage'),
    children: [
      { path: ':id', load: () => import('../../modules/learning/portal/CourseDetailPage') },
      { path: ':id/learn/:itemId', load: () => import('../../modules/learning/portal/LearnPage') },
    ],
  },
  { path: 'textbooks', codes: ['kc-pc'], titleKey: 'portal.textbooks', load: () => import('../../modules/textbooks/portal/TextbookShelfPage') },
  {
    path: 'training',
    codes: [],
    titleKey: 'portal.training',
    load: () => import('../../modules/train-enrolments/portal/TrainingListPage'),
    children: [
      { path: ':id', load: () => import('../../modules/train-enrolments/portal/TrainingDetailPage') },
      { path: 'sign-in', load: () => import('../../modules/train-attendance/portal/SignInPage') },
      // train-results: an admitted trainee answers the class's satisfaction questionnaires.
      { path: ':id/satisfaction', load: () => import('../../modules/train-results/portal/TrainSatisfactionPage') },
    ],
  },
  { path: 'knowledge', codes: ['zs-pc'], titleKey: 'portal.knowledge' },
];

/** Student center (spec section 2), placeholders until their issues land. */
export const STUDENT_CENTER_SECTIONS: readonly SectionRoute[] = [
  'orders',
  'my-courses',
  'exams',
  'practice',
  'mistakes',
  'face-training',
  'mixed-training',
  'live',
  'questionnaires',
  'approvals',
  'outside-training',
  'notes',
  'qa',
  'library',
  'certificates',
  'textbooks',
  'learning-files',
  'knowledge',
  'encyclopedia',
  'learning-map',
  'mentor',
  'ranking',
  'personal-info',
  'messages',
].map((s) => ({ path: s, codes: ['zs-pc'], titleKey: `center.${s}`, load: CENTER_PAGES[s] }));

export const LECTURER_CODES: readonly string[] = ['pxgl-js', 'pxpj-js'];
export const CLASS_TEACHER_CODES: readonly string[] = ['pxgl-bzr'];

/** Pages of the lecturer end's sections (path under /lecturer), by section. */
export const LECTURER_END_PAGES: Record<string, Pick<SectionRoute, 'load' | 'children'>> = {
  home: { load: () => import('../../modules/train-classes/ends/LecturerHomePage') },
  evaluation: { load: () => import('../../modules/train-results/lecturer/LecturerEvaluationPage') },
  training: {
    load: () => import('../../modules/train-classes/ends/LecturerClassesPage'),
    // The workspace is composed in app/ends from the training modules (roster, attendance, results).
    children: [{ path: ':id', load: () => import('../ends/ClassWorkspaceRoute').then((m) => ({ default: m.LecturerWorkspace })) }],
  },
};

/** Pages of the class-teacher end's sections (path under /class-teacher), by section. */
export const CLASS_TEACHER_END_PAGES: Record<string, Pick<SectionRoute, 'load' | 'children'>> = {
  home: { load: () => import('../../modules/train-classes/ends/HeadmasterHomePage') },
  training: {
    load: () => import('../../modules/train-classes/ends/HeadmasterClassesPage'),
    children: [{ path: ':id', load: () => import('../ends/ClassWorkspaceRoute').then((m) => ({ default: m.ClassTeacherWorkspace })) }],
  },
};

/** Where the header search sends each type. */
export const SEARCH_TARGETS = {
  course: '/portal/courses',
  training: '/portal/training',
  knowledge: '/portal/knowledge',
} as const;
export type SearchType = keyof typeof SEARCH_TARGETS;
