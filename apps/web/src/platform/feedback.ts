import { useSyncExternalStore } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Messages and confirmation dialogs, usable in components (`useFeedback()`) and outside React
 * (the API client: `feedback`). Ant Design's message, notification and modal code (and antd's
 * `App`, which brings all three) is not in the first download of any page: the first call
 * mounts `<FeedbackHost>` (see `FeedbackHost.tsx`), which loads it and renders the holders
 * inside the app's ConfigProvider, so theme and locale apply; calls made meanwhile are replayed
 * in order. Return values are not offered (no caller needs them).
 */
type MessageKind = 'success' | 'error' | 'info' | 'warning' | 'loading';
type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';
export type FeedbackMessage = { [K in MessageKind]: (...args: Parameters<MessageInstance[K]>) => void };
export type FeedbackModal = { [K in ModalKind]: (...args: Parameters<ModalHookAPI[K]>) => void };

export interface FeedbackTargets {
  message: MessageInstance;
  modal: ModalHookAPI;
}

type Pending = (t: FeedbackTargets) => void;
let targets: FeedbackTargets | null = null;
let pending: Pending[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function run(job: Pending) {
  if (targets) return job(targets);
  pending.push(job);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
}

export const feedback: { message: FeedbackMessage; modal: FeedbackModal } = {
  message: {
    success: (...args) => run((t) => void t.message.success(...args)),
    error: (...args) => run((t) => void t.message.error(...args)),
    info: (...args) => run((t) => void t.message.info(...args)),
    warning: (...args) => run((t) => void t.message.warning(...args)),
    loading: (...args) => run((t) => void t.message.loading(...args)),
  },
  modal: {
    confirm: (...args) => run((t) => void t.modal.confirm(...args)),
    info: (...args) => run((t) => void t.modal.info(...args)),
    success: (...args) => run((t) => void t.modal.success(...args)),
    error: (...args) => run((t) => void t.modal.error(...args)),
    warning: (...args) => run((t) => void t.modal.warning(...args)),
  },
};

/** `{ message, modal }` in a component (in place of antd's `App.useApp()`). */
export function useFeedback() {
  return feedback;
}

/** The host, once loaded, hands over the context-aware instances and runs what waited. */
export function bindFeedback(t: FeedbackTargets | null) {
  targets = t;
  if (!t) return;
  const jobs = pending;
  pending = [];
  for (const job of jobs) job(t);
}

/** True once something asked for feedback: the host mounts then. */
export function useFeedbackWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}
