import { useEffect, useRef } from 'react';
import { listen } from '../../../platform/dom';

/**
 * Anti-cheat: the page hidden (another tab, minimised) or the window losing focus counts as one
 * leave; `onLeave` runs once per leave (a blur followed by hiding is the same leave), and the
 * next leave counts again once the examinee is back.
 */
export function useAntiCheat(enabled: boolean, onLeave: () => void) {
  const away = useRef(false);
  const handler = useRef(onLeave);
  useEffect(() => {
    handler.current = onLeave;
  });
  useEffect(() => {
    if (!enabled) return;
    const left = () => {
      if (away.current) return;
      away.current = true;
      handler.current();
    };
    const back = () => {
      away.current = false;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? left() : back());
    const fromDocument = listen(document, { visibilitychange: onVisibility });
    const fromWindow = listen(window, { blur: left, focus: back });
    return () => {
      fromDocument();
      fromWindow();
    };
  }, [enabled]);
}
