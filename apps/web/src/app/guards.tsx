import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Forbidden } from '../platform/components/status';
import { useCan } from '../platform/permission';
import { session, startOnlineCounter, useSession } from '../platform/session';

/** Only a first sign-in shows it: loaded then. */
const ForcePasswordChange = lazy(() => import('../modules/auth/ForcePasswordChange').then((m) => ({ default: m.ForcePasswordChange })));

/**
 * Signed-in areas: back to login without a session (which returns to the page asked for, see
 * `loginRedirect`); first login must change the password.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  useEffect(() => (token ? startOnlineCounter() : undefined), [token]);
  if (!token || !user) return <Navigate to={`/?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  if (user.firstLogin) {
    return (
      <Suspense fallback={null}>
        <ForcePasswordChange onDone={() => session.set({ user: { ...user, firstLogin: false } })} />
      </Suspense>
    );
  }
  return <Outlet />;
}

/** Renders the child routes only with one of the codes; a real 403 page otherwise. */
export function RequireCodes({ codes }: { codes: readonly string[] }) {
  return useCan(codes) ? <Outlet /> : <Forbidden />;
}
