import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../feedback';
import { closeTab, usePageTitle } from '../page-title';
import { useLeavePrompt } from '../leave-prompt';
import { useTabDraft } from './tab-drafts';

const LEAVE_TEXTS = { title: 'common.leaveTitle', content: 'common.leaveContent', leave: 'common.leave', stay: 'common.stay' };

export interface LeaveGuard {
  /** Call before a navigation the page makes itself after saving: it is not asked about. */
  release: () => void;
}

/**
 * Leaving a half-filled form asks first: another route (menu, tab, back button) opens a
 * confirmation; closing or reloading the browser tab gets the browser's own question.
 * `dirty` is read when the user leaves (e.g. `() => form.isFieldsTouched()`); `keep(next)`, when
 * given, may keep what was typed for later instead (a switch to another management tab), and then nothing is asked.
 */
export function useLeaveGuard(dirty: () => boolean, keep?: (next: string) => boolean): LeaveGuard {
  const released = useRef(false);
  useLeavePrompt((next) => !released.current && dirty() && !(next !== undefined && keep?.(next)), LEAVE_TEXTS, {
    leave: 'leave-confirm-ok',
    stay: 'leave-confirm-cancel',
  });
  return {
    release: () => {
      released.current = true;
    },
  };
}

/**
 * The shell of a form page (add/edit): its title names the document and its management tab; switching
 * to another management tab keeps what was typed and puts it back on return (`useTabDraft`, once `ready`:
 * the record loaded); leaving it half-filled otherwise asks first; `leave(to)` after a save or cancel goes on
 * without asking and closes the page's tab (unless it stays on the same page). `save` runs a save of the
 * records under `queryKey`.
 */
export function useFormPage(o: { form: FormInstance; title: string | undefined; queryKey?: string; ready?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  usePageTitle(o.title);
  const draft = useTabDraft(o.form, o.ready ?? true);
  const guard = useLeaveGuard(draft.dirty, draft.keep);
  const leave = (to: string, opts?: { replace?: boolean }) => {
    const stays = to.split('?')[0] === pathname;
    draft.drop();
    if (!stays) guard.release();
    // Staying (a new record saved becomes its edit page) replaces the entry: back goes where the user came from.
    void navigate(to, { replace: stays, ...opts });
    if (!stays) closeTab(pathname);
  };
  return {
    leave,
    saving,
    /**
     * `saving` while `write` runs; it answers where the page goes once saved (undefined: it stays,
     * e.g. a check of its own refused). Then `queryKey`'s queries refresh, "saved" shows (unless
     * `quiet`) and the page leaves. A failure goes to `failed`.
     */
    save: async (write: () => Promise<string | undefined>, failed: (e: unknown) => void, opts: { quiet?: boolean } = {}) => {
      setSaving(true);
      try {
        const to = await write();
        if (to === undefined) return;
        await queryClient.invalidateQueries({ queryKey: [o.queryKey] });
        if (!opts.quiet) feedback.message.success(t('common.saved'));
        leave(to);
      } catch (e) {
        failed(e);
      } finally {
        setSaving(false);
      }
    },
  };
}
