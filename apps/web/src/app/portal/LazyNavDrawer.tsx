import { lazy, Suspense, useState } from 'react';
import type { NavDrawerProps } from './NavDrawer';

const NavDrawer = lazy(() => import('./NavDrawer'));

/** The phone menu drawer, downloaded on its first opening only (the portal's bundle budget). */
export function LazyNavDrawer(props: NavDrawerProps) {
  const [seen, setSeen] = useState(false);
  if (props.open && !seen) setSeen(true);
  if (!seen && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <NavDrawer {...props} />
    </Suspense>
  );
}
