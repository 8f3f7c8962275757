import type { RouteObject } from 'react-router';

/** One management page a module contributes: its route name (spec section 2), codes and loader. */
export interface ManagePage {
  /** Route under /dashboard, e.g. `manage-affiliation`. */
  path: string;
  /** Loads the page component (a dynamic import keeps management code out of other bundles). */
  load: () => Promise<{ default: React.ComponentType }>;
  /** Codes that open it; defaults to the menu code whose route this is. */
  codes?: readonly string[];
  /** i18n key of the tab title; defaults to `page.<path>` or the menu label. */
  titleKey?: string;
}

export type Lazy = RouteObject['lazy'];

export function definePages(pages: ManagePage[]): ManagePage[] {
  return pages;
}
