import { lazy, Suspense } from 'react';

/**
 * The status pages on demand: antd's Result brings its 403/404/500 illustrations (tens of KB)
 * that the login page and the portal never show.
 */
const load = () => import('./StatusPages');
const LazyForbidden = lazy(() => load().then((m) => ({ default: m.Forbidden })));
const LazyNotFound = lazy(() => load().then((m) => ({ default: m.NotFound })));
const LazyComingSoon = lazy(() => load().then((m) => ({ default: m.ComingSoon })));

export function Forbidden() {
  return (
    <Suspense fallback={null}>
      <LazyForbidden />
    </Suspense>
  );
}

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

export function ComingSoon({ titleKey }: { titleKey?: string }) {
  return (
    <Suspense fallback={null}>
      <LazyComingSoon titleKey={titleKey} />
    </Suspense>
  );
}
