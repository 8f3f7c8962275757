import { useEffect, useRef } from 'react';

/** Adds the listeners (event name → handler) to a target; the returned function removes them, as an effect's cleanup. */
export function listen(target: EventTarget, handlers: Record<string, (e: Event) => void>): () => void {
  const entries = Object.entries(handlers);
  for (const [type, handler] of entries) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler);
  };
}

/** Closing or reloading the browser tab gets the browser's own question while `ask()` is true (read at that moment). */
export function useUnloadPrompt(ask: () => boolean) {
  const asks = useRef(ask);
  asks.current = ask;
  useEffect(
    () =>
      listen(window, {
        beforeunload: (e) => {
          if (!asks.current()) return;
          e.preventDefault();
          (e as BeforeUnloadEvent).returnValue = '';
        },
      }),
    [],
  );
}
