import { lazy, Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useNavigate, type RouteObject } from 'react-router';
import { ComingSoon, Forbidden, NotFound } from '../platform/components/status';
import { useCan } from '../platform/permission';
import { bindNavigate } from '../platform/navigation';
import { RequireAuth, RequireCodes } from './guards';
import { MANAGE_CODES, MANAGE_HOME, MANAGE_ROUTES, MODULE_PAGES } from './routes/manage-paths';
import { CLASS_TEACHER_CODES, LECTURER_CODES, PORTAL_SECTIONS, STUDENT_CENTER_SECTIONS } from './routes/portal-paths';

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

const MANAGE_LOADERS: Record<string, Loader> = Object.fromEntries(MODULE_PAGES.map((p) => [p.path, p.load]));
const MANAGE_PAGES: Record<string, Lazy> = {
  'manage-index': page(() => import('./manage/ManageIndex')),
  ...Object.fromEntries(MODULE_PAGES.map((p) => [p.path, page(p.load)])),
};

/** New navigations scroll to the top (ScrollRestoration); non-React code navigates through the router. */
function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate((to) => void navigate(to));
  }, [navigate]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const manageChildren: RouteObject[] = [
  { index: true, element: <Navigate to={MANAGE_HOME.path} replace /> },
  { path: MANAGE_HOME.path, handle: { titleKey: MANAGE_HOME.titleKey }, lazy: MANAGE_PAGES[MANAGE_HOME.path] },
  ...MANAGE_ROUTES.map<RouteObject>((r) => ({
    path: r.path,
    handle: { titleKey: r.titleKey },
    element: <RequireCodes codes={r.codes} />,
    children: [
      MANAGE_PAGES[r.path]
        ? { index: true, lazy: MANAGE_LOADERS[r.path] ? guarded(r.codes, MANAGE_LOADERS[r.path]!) : MANAGE_PAGES[r.path] }
        : { index: true, element: <ComingSoon titleKey={r.titleKey} /> },
    ],
  })),
  { path: '*', element: <NotFound /> },
];

const portalChildren: RouteObject[] = [
  { index: true, lazy: page(() => import('../modules/notices/portal/PortalHomePage')) },
  { path: 'notice/:id', lazy: page(() => import('../modules/notices/portal/NoticeDetailPage')) },
  ...PORTAL_SECTIONS.map<RouteObject>((s) => ({
    path: s.path,
    element: <RequireCodes codes={s.codes} />,
    children: [{ index: true, element: <ComingSoon titleKey={s.titleKey} /> }],
  })),
];

const routes: RouteObject[] = [
  {
    element: <RootShell />,
    hydrateFallbackElement: <Spin fullscreen />,
    children: [
      { path: '/', lazy: page(() => import('../modules/auth/LoginPage')) },
      { path: '/registered', lazy: page(() => import('../modules/auth/RegisterPage')) },
      { path: '/reset-password', lazy: page(() => import('../modules/auth/ResetPasswordPage')) },
      { path: '/manage-version', lazy: page(() => import('../modules/versions/VersionListPage')) },
      { path: '/attachment-viewer', lazy: page(() => import('../modules/files/AttachmentViewerPage')) },
      { path: '/media-viewer', lazy: page(() => import('../modules/media/MediaViewerPage')) },
      { path: '/certificate/verify/:number?', lazy: page(() => import('../modules/certificates/public/VerifyCertificatePage')) },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/dashboard',
            element: <RequireCodes codes={MANAGE_CODES} />,
            children: [{ lazy: guarded(MANAGE_CODES, () => import('./manage/ManageLayout')), children: manageChildren }],
          },
          {
            path: '/portal',
            lazy: page(() => import('./portal/PortalLayout')),
            children: portalChildren,
          },
          {
            path: '/student-center',
            lazy: page(() => import('./portal/PortalLayout')),
            children: [
              { index: true, element: <Navigate to={STUDENT_CENTER_SECTIONS[0]!.path} replace /> },
              {
                element: <RequireCodes codes={['zs-pc']} />,
                children: [
                  {
                    lazy: page(() => import('./portal/StudentCenterLayout')),
                    children: STUDENT_CENTER_SECTIONS.map((s) =>
                      s.load ? { path: s.path, lazy: page(s.load) } : { path: s.path, element: <ComingSoon titleKey={s.titleKey} /> },
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: '/lecturer',
            element: <RequireCodes codes={LECTURER_CODES} />,
            children: [
              {
                lazy: page(() => import('./ends/LecturerLayout')),
                children: [
                  { index: true, element: <ComingSoon titleKey="ends.home" /> },
                  { path: 'training', element: <RequireCodes codes={['pxgl-js']} />, children: [{ index: true, element: <ComingSoon titleKey="ends.training" /> }] },
                  { path: 'evaluation', element: <RequireCodes codes={['pxpj-js']} />, children: [{ index: true, element: <ComingSoon titleKey="ends.evaluation" /> }] },
                ],
              },
            ],
          },
          {
            path: '/class-teacher',
            element: <RequireCodes codes={CLASS_TEACHER_CODES} />,
            children: [
              {
                lazy: page(() => import('./ends/ClassTeacherLayout')),
                children: [
                  { index: true, element: <ComingSoon titleKey="ends.home" /> },
                  { path: 'training', element: <ComingSoon titleKey="ends.training" /> },
                ],
              },
            ],
          },
          {
            path: '/center',
            children: [
              { index: true, element: <Navigate to="person-center" replace /> },
              {
                path: 'person-center',
                lazy: page(() => import('../modules/center/PersonCenterLayout')),
                children: [
                  { index: true, element: <Navigate to="avatar-set" replace /> },
                  { path: 'avatar-set', lazy: page(() => import('../modules/center/AvatarSetPage')) },
                  { path: 'password-set', lazy: page(() => import('../modules/center/PasswordSetPage')) },
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

export const router = createBrowserRouter(routes, { basename: '/' });
