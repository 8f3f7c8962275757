import { useEffect, useRef, useState } from 'react';
import { CONSTANTS } from '@hanlin/shared';

/** `value` once it has stayed the same for `ms` (a search box asks the server after typing pauses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const h = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(h);
  }, [value, ms]);
  return debounced;
}

/**
 * A search asked of the server once typing pauses (`CONSTANTS.SEARCH_DEBOUNCE_MS`): call `search(keyword)`
 * on each keystroke; `found` holds the last answer of `find`, `busy` is true while it runs.
 */
export function useDebouncedSearch<T>(find: (keyword: string) => Promise<T[]>) {
  const [found, setFound] = useState<T[]>([]);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setBusy(true);
      try {
        setFound(await find(keyword));
      } finally {
        setBusy(false);
      }
    }, CONSTANTS.SEARCH_DEBOUNCE_MS);
  };
  return { found, busy, search };
}
