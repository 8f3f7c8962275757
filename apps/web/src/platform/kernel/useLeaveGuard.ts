import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from 'antd';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../feedback';
import { closeTab, usePageTitle } from '../page-title';
import { useUnloadPrompt } from '../dom';

export interface LeaveGuard {
  /** Call before a navigation the page makes itself after saving: it is not asked about. */
  release: () => void;
}

/**
 * Leaving a half-filled form asks first: another route (menu, tab, back button) opens a
 * confirmation; closing or reloading the browser tab gets the browser's own question.
 * `dirty` is read when the user leaves (e.g. `() => form.isFieldsTouched()`).
 */
export function useLeaveGuard(dirty: () => boolean): LeaveGuard {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const released = useRef(false);
  const isDirty = useRef(dirty);
  isDirty.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !released.current && currentLocation.pathname !== nextLocation.pathname && isDirty.current());

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('common.leaveTitle'),
      content: t('common.leaveContent'),
      okText: t('common.leave'),
      cancelText: t('common.stay'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm-ok' },
      cancelButtonProps: { 'data-testid': 'leave-confirm-cancel' },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useUnloadPrompt(() => !released.current && isDirty.current());

  return {
    release: () => {
      released.current = true;
    },
  };
}

/**
 * The shell of a form page (add/edit) that does not use `useRecordEditor`: its title names the
 * document and its management tab, leaving it half-filled asks first, and `leave(to)` after a
 * save goes on without asking and closes the page's tab (unless it stays on the same page).
 */
export function useFormPage(o: { form: FormInstance; title: string | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  usePageTitle(o.title);
  const guard = useLeaveGuard(() => o.form.isFieldsTouched());
  return {
    leave: (to: string, opts?: { replace?: boolean }) => {
      const stays = to.split('?')[0] === pathname;
      if (!stays) guard.release();
      void navigate(to, opts);
      if (!stays) closeTab(pathname);
    },
  };
}
