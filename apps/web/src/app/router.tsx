import { lazy, Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useNavigate, type RouteObject } from 'react-router';
import { ComingSoon, Forbidden, NotFound } from '../platform/components/status';
import { can, useCan } from '../platform/permission';
import { session } from '../platform/session';
import { bindNavigate } from '../platform/navigation';
import { DocumentTitle } from '../platform/page-title';
import { loadManageTexts } from '../platform/i18n';
import { RequireAuth, RequireCodes } from './guards';
import { MANAGE_CODES, MANAGE_HOME } from './routes/manage-paths';
import {
  CLASS_TEACHER_CODES,
  CLASS_TEACHER_END_PAGES,
  LECTURER_CODES,
  LECTURER_END_PAGES,
  PORTAL_SECTIONS,
  STUDENT_CENTER_SECTIONS,
  type SectionRoute,
} from './routes/portal-paths';
import { EXAM_RESULT_ROUTES } from '../modules/exams/portal/result-routes';
import { SURVEY_PORTAL_ROUTES } from '../modules/surveys/portal/routes';

type Lazy = RouteObject['lazy'];
type Loader = () => Promise<{ default: React.ComponentType }>;
const page =
  (load: Loader): Lazy =>
  async () => ({ Component: (await load()).default });

/**
 * React Router loads the lazy code of every matched route before any guard element renders,
 * so a guarded area checks the codes first and only then imports (React.lazy renders on demand):
 * without the codes the code is never fetched. The check runs on every render, so a later
 * sign-in with other codes in the same tab sees the right thing.
 */
const guarded = (codes: readonly string[], load: Loader): Lazy => {
  const Page = lazy(load);
  function Guarded() {
    return useCan(codes) ? (
      <Suspense fallback={<Spin />}>
        <Page />
      </Suspense>
    ) : (
      <Forbidden />
    );
  }
  return async () => ({ Component: Guarded });
};

/** A back-office area's code together with the back office's texts (not in the portal's download). */
const withManageTexts =
  (load: Loader): Loader =>
  async () =>
    (await Promise.all([load(), loadManageTexts()]))[0];

/** A route titled `titleKey` whose children open only with one of `codes`. */
const behindCodes = (path: string, titleKey: string, codes: readonly string[], children: RouteObject[]): RouteObject => ({
  path,
  handle: { titleKey },
  element: <RequireCodes codes={codes} />,
  children,
});

/** An end section's routes: its page and the pages below it, or "coming soon" while no module ships one. */
const endSection = (section: Pick<SectionRoute, 'load' | 'children'> | undefined, titleKey: string): RouteObject[] =>
  section?.load
    ? [{ index: true, lazy: page(section.load) }, ...(section.children ?? []).map((c) => ({ path: c.path, lazy: page(c.load) }))]
    : [{ index: true, element: <ComingSoon titleKey={titleKey} /> }];

/** New navigations scroll to the top (ScrollRestoration); non-React code navigates through the router. */
function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate((to) => void navigate(to));
  }, [navigate]);
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The management end's own routes: its home and a 404 for unknown paths. The routes of the
 * modules' pages are added when a user holding a management code first navigates under
 * /dashboard (`patchRoutesOnNavigation` below), so their declarations, like their code, are not
 * in any other page's download and the first download does not grow as modules add pages.
 */
const MANAGE_LAYOUT = 'manage-layout';
const manageChildren: RouteObject[] = [
  { index: true, element: <Navigate to={MANAGE_HOME.path} replace /> },
  { path: MANAGE_HOME.path, handle: { titleKey: MANAGE_HOME.titleKey }, lazy: page(() => import('./manage/ManageIndex')) },
  { path: '*', element: <NotFound /> },
];

/** One route per management page (menu pages and the modules' other pages), each guarded. */
function managePageRoutes({ MANAGE_ROUTES, MODULE_PAGES }: typeof import('./routes/manage-routes')): RouteObject[] {
  const loaders = new Map(MODULE_PAGES.map((p) => [p.path, p.load]));
  return MANAGE_ROUTES.map<RouteObject>((r) => {
    const load = loaders.get(r.path);
    return {
      path: r.path,
      handle: { titleKey: r.titleKey },
      element: <RequireCodes codes={r.codes} />,
      children: [load ? { index: true, lazy: guarded(r.codes, load) } : { index: true, element: <ComingSoon titleKey={r.titleKey} /> }],
    };
  });
}

let managePagesAdded = false;
/** Adds the management pages' routes on the first navigation under /dashboard with a management code. */
async function discoverRoutes({ path, patch }: { path: string; patch: (routeId: string | null, children: RouteObject[]) => void }) {
  if (managePagesAdded || !/^\/dashboard(\/|$)/.test(path) || !can(session.get().operateAuth, MANAGE_CODES)) return;
  patch(MANAGE_LAYOUT, managePageRoutes(await import('./routes/manage-routes')));
  managePagesAdded = true;
}

const portalChildren: RouteObject[] = [
  { index: true, handle: { titleKey: 'portal.home' }, lazy: page(() => import('../modules/notices/portal/PortalHomePage')) },
  { path: 'notice/:id', handle: { titleKey: 'portal.notices' }, lazy: page(() => import('../modules/notices/portal/NoticeDetailPage')) },
  ...PORTAL_SECTIONS.map((s) =>
    behindCodes(s.path, s.titleKey, s.codes, [
      s.load ? { index: true, lazy: page(s.load) } : { index: true, element: <ComingSoon titleKey={s.titleKey} /> },
      ...(s.children ?? []).map((c) => ({ path: c.path, lazy: page(c.load) })),
    ]),
  ),
  behindCodes('textbook/:id', 'portal.textbooks', ['kc-pc'], [{ index: true, lazy: page(() => import('../modules/textbooks/portal/TextbookReaderPage')) }]),
  behindCodes('exam/:examId', 'examTaking.title', ['zs-pc'], [{ path: 'result', lazy: page(() => import('../modules/exams/portal/ExamResultPage')) }]),
];

const routes: RouteObject[] = [
  {
    element: <RootShell />,
    hydrateFallbackElement: <Spin fullscreen />,
    children: [
      { path: '/', handle: { titleKey: 'auth.login' }, lazy: page(() => import('../modules/auth/LoginPage')) },
      { path: '/registered', handle: { titleKey: 'register.title' }, lazy: page(() => import('../modules/auth/RegisterPage')) },
      { path: '/reset-password', handle: { titleKey: 'reset.title' }, lazy: page(() => import('../modules/auth/ResetPasswordPage')) },
      { path: '/manage-version', handle: { titleKey: 'versions.title' }, lazy: page(() => import('../modules/app-versions/public/VersionListPage')) },
      { path: '/attachment-viewer', handle: { titleKey: 'viewer.title' }, lazy: page(() => import('../modules/uploads/AttachmentViewerPage')) },
      { path: '/media-viewer', lazy: page(() => import('../modules/media/MediaViewerPage')) },
      {
        path: '/certificate/verify/:number?',
        handle: { titleKey: 'certificate.verifyTitle' },
        lazy: page(() => import('../modules/certificates/public/VerifyCertificatePage')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/dashboard',
            element: <RequireCodes codes={MANAGE_CODES} />,
            children: [
              {
                id: MANAGE_LAYOUT,
                lazy: guarded(
                  MANAGE_CODES,
                  withManageTexts(() => import('./manage/ManageLayout')),
                ),
                children: manageChildren,
              },
            ],
          },
          {
            path: '/portal',
            handle: { titleKey: 'portal.home' },
            lazy: page(() => import('./portal/PortalLayout')),
            children: portalChildren,
          },
          // The answer sheet in a frame of its own: no portal navigation over or around the questions.
          behindCodes(
            '/portal/exam/:examId/attempt/:attemptId',
            'examTaking.title',
            ['zs-pc'],
            [{ lazy: page(() => import('./portal/ExamLayout')), children: [{ index: true, lazy: page(() => import('../modules/exams/portal/AnswerSheetPage')) }] }],
          ),
          {
            path: '/student-center',
            lazy: page(() => import('./portal/PortalLayout')),
            children: [
              { index: true, element: <Navigate to="my-courses" replace /> },
              {
                element: <RequireCodes codes={['zs-pc']} />,
                children: [
                  {
                    lazy: page(() => import('./portal/StudentCenterLayout')),
                    children: STUDENT_CENTER_SECTIONS.map((s) =>
                      s.load
                        ? { path: s.path, handle: { titleKey: s.titleKey }, lazy: page(s.load) }
                        : { path: s.path, handle: { titleKey: s.titleKey }, element: <ComingSoon titleKey={s.titleKey} /> },
                    ),
                  },
                  {
                    lazy: page(() => import('./portal/StudentCenterLayout')),
                    children: [...EXAM_RESULT_ROUTES, ...SURVEY_PORTAL_ROUTES].map((r) => ({ path: r.path, handle: { titleKey: r.titleKey }, lazy: page(r.load) })),
                  },
                ],
              },
            ],
          },
          behindCodes('/lecturer', 'ends.home', LECTURER_CODES, [
            {
              lazy: page(withManageTexts(() => import('./ends/LecturerLayout'))),
              children: [
                ...endSection(LECTURER_END_PAGES.home, 'ends.home'),
                behindCodes('training', 'ends.training', ['pxgl-js'], endSection(LECTURER_END_PAGES.training, 'ends.training')),
                behindCodes('evaluation', 'ends.evaluation', ['pxpj-js'], endSection(LECTURER_END_PAGES.evaluation, 'ends.evaluation')),
              ],
            },
          ]),
          behindCodes('/class-teacher', 'ends.home', CLASS_TEACHER_CODES, [
            {
              lazy: page(withManageTexts(() => import('./ends/ClassTeacherLayout'))),
              children: [
                ...endSection(CLASS_TEACHER_END_PAGES.home, 'ends.home'),
                { path: 'training', handle: { titleKey: 'ends.training' }, children: endSection(CLASS_TEACHER_END_PAGES.training, 'ends.training') },
              ],
            },
          ]),
          {
            path: '/center',
            children: [
              { index: true, element: <Navigate to="person-center" replace /> },
              {
                path: 'person-center',
                lazy: page(() => import('../modules/center/PersonCenterLayout')),
                children: [
                  { index: true, element: <Navigate to="profile" replace /> },
                  { path: 'profile', handle: { titleKey: 'center.profile' }, lazy: page(() => import('../modules/center/ProfilePage')) },
                  { path: 'avatar-set', handle: { titleKey: 'center.avatar' }, lazy: page(() => import('../modules/center/AvatarSetPage')) },
                  { path: 'password-set', handle: { titleKey: 'center.password' }, lazy: page(() => import('../modules/center/PasswordSetPage')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/', patchRoutesOnNavigation: discoverRoutes });
