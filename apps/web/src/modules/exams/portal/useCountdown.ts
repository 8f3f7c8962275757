import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left, counted down from the server's `remainingSeconds` (the sheet, then every save
 * answer re-synchronises it): between two answers the browser's monotonic clock measures the time
 * passed, so a wrong or changed system clock does not move the deadline.
 */
export function useCountdown(initialSeconds: number) {
  const endsAt = useRef(performance.now() + initialSeconds * 1000);
  const left = () => Math.max(0, Math.ceil((endsAt.current - performance.now()) / 1000));
  const [seconds, setSeconds] = useState(() => Math.max(0, Math.ceil(initialSeconds)));
  useEffect(() => {
    const id = setInterval(() => setSeconds(left()), 250);
    return () => clearInterval(id);
  }, []);
  const sync = useCallback((remaining: number) => {
    endsAt.current = performance.now() + remaining * 1000;
    setSeconds(Math.max(0, Math.ceil(remaining)));
  }, []);
  return { seconds, sync };
}

/** hh:mm:ss (or mm:ss under an hour). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
