/**
 * Document title and management tab title of the page shown. Every route may carry
 * `handle: { titleKey }` (the router sets `<page> - <app>` from the deepest one); a page whose
 * title depends on its data ("Add role" / "Edit role") says so with `usePageTitle(text)`, which
 * wins for its path and names its management tab.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { session } from './session';

let own: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The path part of a tab's path (tabs keep the query string). */
export const tabKeyOf = (path: string) => path.split('?')[0];

/** Names the current page (document title and its management tab) with a translated text. */
export function usePageTitle(title: string | undefined) {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    if (!title) return;
    own = { path: pathname, title };
    notify();
    const list = session.get().history;
    if (list.some((h) => tabKeyOf(h.path) === pathname && (h.title !== title || h.lang !== lang)))
      session.set({ history: list.map((h) => (tabKeyOf(h.path) === pathname ? { ...h, title, lang } : h)) });
    return () => {
      if (own?.path === pathname && own.title === title) {
        own = null;
        notify();
      }
    };
  }, [title, pathname, lang]);
}

/** Removes the management tab of a path (an add page once saved). */
export function closeTab(pathname: string) {
  const list = session.get().history;
  if (list.some((h) => tabKeyOf(h.path) === pathname)) session.set({ history: list.filter((h) => tabKeyOf(h.path) !== pathname) });
}

/**
 * For a page whose work is done (published, imported) outside the form kernel: goes to `to` and closes the page's own
 * management tab, so no tab of a finished page is left beside the list (the form kernel's `leave` does the same).
 */
export function useFinishPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (to: string) => {
    void navigate(to);
    if (tabKeyOf(to) !== pathname) closeTab(pathname);
  };
}

/** Keeps `document.title` as `<page> - <app>` in the interface language (rendered once, by the router's root). */
export function DocumentTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const mine = useSyncExternalStore(
    subscribe,
    () => own,
    () => own,
  );
  const key = [...matches]
    .reverse()
    .map(({ handle }) => (typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string' ? handle.titleKey : undefined))
    .find(Boolean);
  const pageTitle = mine?.path === pathname ? mine.title : key ? t(key) : '';
  const text = pageTitle ? `${pageTitle} - ${t('app.title')}` : t('app.title');
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
