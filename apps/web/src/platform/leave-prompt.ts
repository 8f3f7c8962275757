import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useUnloadPrompt } from './dom';
import { useFeedback } from './feedback';

/** The confirmation's texts (i18n keys): title, content, the button that leaves and the one that stays. */
export interface LeavePromptTexts {
  title: string;
  content: string;
  leave: string;
  stay: string;
}

/**
 * Leaving while `ask()` holds (read at that moment) asks first: another route opens a confirmation (`texts`; leave
 * goes on, stay cancels), closing or reloading the browser tab gets the browser's own question. `ask` is given the
 * path (and query) of the route the user goes to; none when the browser tab closes.
 */
export function useLeavePrompt(ask: (next?: string) => boolean, texts: LeavePromptTexts, testIds?: { leave: string; stay: string }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const asks = useRef(ask);
  asks.current = ask;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && asks.current(nextLocation.pathname + nextLocation.search),
  );
  const { title, content, leave, stay } = texts;
  const leaveId = testIds?.leave;
  const stayId = testIds?.stay;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t(title),
      content: t(content),
      okText: t(leave),
      cancelText: t(stay),
      okButtonProps: leaveId ? { danger: true, 'data-testid': leaveId } : { danger: true },
      cancelButtonProps: stayId ? { 'data-testid': stayId } : undefined,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t, title, content, leave, stay, leaveId, stayId]);

  useUnloadPrompt(() => asks.current());
}
