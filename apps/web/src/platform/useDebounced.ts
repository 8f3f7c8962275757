import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (a search box asks the server after typing pauses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const h = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(h);
  }, [value, ms]);
  return debounced;
}
