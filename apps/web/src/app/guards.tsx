import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Forbidden } from '../platform/components/StatusPages';
import { useCan } from '../platform/permission';
import { session, startOnlineCounter, useSession } from '../platform/session';
import { ForcePasswordChange } from '../modules/auth/ForcePasswordChange';

/** Signed-in areas: back to login without a session; first login must change the password. */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  useEffect(() => (token ? startOnlineCounter() : undefined), [token]);
  if (!token || !user) return <Navigate to="/" replace />;
  if (user.firstLogin) return <ForcePasswordChange onDone={() => session.set({ user: { ...user, firstLogin: false } })} />;
  return <Outlet />;
}

/** Renders the child routes only with one of the codes; a real 403 page otherwise. */
export function RequireCodes({ codes }: { codes: readonly string[] }) {
  return useCan(codes) ? <Outlet /> : <Forbidden />;
}
