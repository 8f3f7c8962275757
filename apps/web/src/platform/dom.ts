import { useEffect, useRef, useSyncExternalStore, type HTMLAttributes, type KeyboardEvent } from 'react';

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
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!asks.current()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
}

/** The file an antd `Upload` hands its `customRequest` (always the File the user picked); anything else is a fault said by name. */
export function pickedFile(file: string | Blob): File {
  if (file instanceof File) return file;
  throw new Error('the upload was handed no file');
}

/** A thrown value as an Error (antd's upload `onError` takes one). */
export const errorOf = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * Props that make an element that is not a button (a card, a tag, a row's text) work as one from
 * the keyboard too: in the tab order, announced as a button, Enter and Space press it. Nothing
 * when there is no `action`.
 */
export function asButton(action: (() => void) | undefined): HTMLAttributes<HTMLElement> {
  if (!action) return {};
  return {
    role: 'button',
    tabIndex: 0,
    onClick: action,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      action();
    },
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () => (typeof matchMedia === 'function' ? matchMedia(REDUCED_MOTION) : null);

/** True while the user's system asks for reduced motion (followed live when the setting changes). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const q = reducedMotionQuery();
      q?.addEventListener('change', changed);
      return () => q?.removeEventListener('change', changed);
    },
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}
