import type { ReactNode } from 'react';
import { hasAnyPermission } from '@hanlin/shared';
import { useSession } from './session';

/** Codes needed: one code or any of several. An empty list means "signed in is enough". */
export type Needed = string | readonly string[];

export function can(granted: readonly string[], needed: Needed): boolean {
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.length === 0 || hasAnyPermission(granted, list);
}

/** True when the signed-in user's operateAuth holds the code (or any of the codes). */
export function useCan(needed: Needed): boolean {
  const granted = useSession((s) => s.operateAuth);
  return can(granted, needed);
}

/** Renders children only with the codes; `fallback` otherwise. */
export function Can({ code, children, fallback = null }: { code: Needed; children: ReactNode; fallback?: ReactNode }) {
  return <>{useCan(code) ? children : fallback}</>;
}
