/**
 * What was typed into a form page stays with its management tab: switching to another tab keeps a copy of the
 * form's values, coming back puts them back. A copy lives as long as its tab is open (closing the tab, saving or
 * cancelling drops it), in memory only (a reload starts afresh, as the browser's own question warned).
 */
import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useLocation } from 'react-router';
import { session } from '../session';
import { tabKeyOf } from '../page-title';

/** Per tab (its path without the query): the full path the values belong to (`?id=` of the record) and the values. */
const drafts = new Map<string, { path: string; values: Record<string, unknown> }>();

const openTabs = () => new Set(session.get().history.map((h) => tabKeyOf(h.path)));
/** A closed tab takes its copy with it. */
session.subscribe(() => {
  if (!drafts.size) return;
  const open = openTabs();
  for (const key of [...drafts.keys()]) if (!open.has(key)) drafts.delete(key);
});

/** Whether a copy of the form of `path` (pathname and query) is kept (for tests and the shell). */
export const hasTabDraft = (path: string) => drafts.get(tabKeyOf(path))?.path === path;

export interface TabDraft {
  /** The form differs from what the page loaded: typed into, or a kept copy put back. */
  dirty: () => boolean;
  /** Called when the user goes to `next` with a dirty form: keeps a copy when the page's tab stays open; whether it did. */
  keep: (next: string) => boolean;
  /** Drops the copy (saved or cancelled). */
  drop: () => void;
}

/**
 * The tab copy of `form`: once `ready` (the record loaded and filled into the form), a kept copy of this tab and
 * record is put back; `keep` takes one when the user switches to another page of the management shell.
 */
export function useTabDraft(form: FormInstance, ready: boolean): TabDraft {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const restored = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const kept = drafts.get(pathname);
    if (kept?.path !== path) return;
    // After the page's own effects have filled the loaded record in.
    const timer = setTimeout(() => {
      form.setFieldsValue(kept.values);
      restored.current = true;
    });
    return () => clearTimeout(timer);
  }, [ready, pathname, path, form]);
  return {
    dirty: () => restored.current || form.isFieldsTouched(),
    keep: (next) => {
      // Another page of the same shell (its first path segment) while this page's tab stays open.
      const shell = (p: string) => p.split('/')[1];
      if (tabKeyOf(next) === pathname || shell(next) !== shell(pathname) || !openTabs().has(pathname)) return false;
      drafts.set(pathname, { path, values: form.getFieldsValue(true) });
      return true;
    },
    drop: () => {
      restored.current = false;
      drafts.delete(pathname);
    },
  };
}
