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
  { path: 'training', codes: [], titleKey: 'portal.training' },
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

/** Where the header search sends each type. */
export const SEARCH_TARGETS = {
  course: '/portal/courses',
  training: '/portal/training',
  knowledge: '/portal/knowledge',
} as const;
export type SearchType = keyof typeof SEARCH_TARGETS;
