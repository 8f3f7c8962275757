import { useCallback, useEffect, useRef, useState } from 'react';

/** How long answering pauses before the draft is saved. */
export const DRAFT_DELAY_MS = 1500;

/**
 * Keeps a draft as the respondent goes: `schedule(value)` saves it once changes pause (`delay`),
 * and a pending one is saved at once when the page is left (another route, the tab hidden or
 * closed: `keepalive`, so the request outlives the page). `cancel()` drops what is pending (a
 * submission replaces the draft). `phase` tells the page what to show.
 */
export function useDraftSaver<T>(save: (value: T, opts: { keepalive: boolean }) => Promise<unknown>, delay = DRAFT_DELAY_MS) {
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const saver = useRef(save);
  saver.current = save;
  const [phase, setPhase] = useState<'idle' | 'pending' | 'saving' | 'saved' | 'failed'>('idle');

  const flush = useCallback((keepalive = false) => {
    clearTimeout(timer.current);
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    if (!keepalive) setPhase('saving');
    const done = saver.current(p.value, { keepalive });
    // Leaving: nobody is left to tell; a draft that did not go is lost like the page (the submission is what counts).
    if (keepalive) void done.catch(() => undefined);
    else
      void done.then(
        () => setPhase(pending.current ? 'pending' : 'saved'),
        () => setPhase('failed'),
      );
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setPhase('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), delay);
    },
    [delay, flush],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  useEffect(() => {
    const onHide = () => flush(true);
    const onVisibility = () => document.visibilityState === 'hidden' && flush(true);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving for another page of the app: what is pending goes now.
      flush(true);
    };
  }, [flush]);

  return { schedule, flush, cancel, phase };
}
