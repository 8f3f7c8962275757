/**
 * Client session state (spec section 3): token, user, operateAuth, authorities, signNumber,
 * unread count, student info (sign-in and experience), online seconds, history pages (management
 * tabs), reload flag and public key.
 * Auth data lives in localStorage (shared by tabs); per-tab data in sessionStorage.
 * Everything is cleared at logout.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser, StudentInfo } from '@hanlin/shared';

export interface HistoryPage {
  path: string;
  titleKey: string;
  /** The title the page itself shows ("Add role"), in the language `lang`; preferred over `titleKey` in that language. */
  title?: string;
  lang?: string;
}

export interface SessionState {
  token: string | null;
  signNumber: string | null;
  user: SessionUser | null;
  operateAuth: readonly string[];
  authorities: readonly string[];
  unreadCount: number;
  /** isSigned, signDays, exp, nextExp (spec section 3), as the header last read them. */
  studentInfo: StudentInfo | null;
  onlineSeconds: number;
  history: readonly HistoryPage[];
  reload: boolean;
  publicKey: string | null;
}

const AUTH_KEY = 'hanlin.auth';
const TAB_KEY = 'hanlin.tab';

const EMPTY: SessionState = {
  token: null,
  signNumber: null,
  user: null,
  operateAuth: [],
  authorities: [],
  unreadCount: 0,
  studentInfo: null,
  onlineSeconds: 0,
  history: [],
  reload: false,
  publicKey: null,
};

function read(storage: Storage | undefined, key: string): Partial<SessionState> {
  try {
    return JSON.parse(storage?.getItem(key) ?? '{}') as Partial<SessionState>;
  } catch {
    return {};
  }
}

const ls = typeof localStorage === 'undefined' ? undefined : localStorage;
const ss = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

let state: SessionState = { ...EMPTY, ...read(ls, AUTH_KEY), ...read(ss, TAB_KEY) };
const listeners = new Set<() => void>();

function persist() {
  const { token, signNumber, user, operateAuth, authorities } = state;
  const { unreadCount, studentInfo, onlineSeconds, history, reload, publicKey } = state;
  try {
    if (token) ls?.setItem(AUTH_KEY, JSON.stringify({ token, signNumber, user, operateAuth, authorities }));
    else ls?.removeItem(AUTH_KEY);
    ss?.setItem(TAB_KEY, JSON.stringify({ unreadCount, studentInfo, onlineSeconds, history, reload, publicKey }));
  } catch {
    /* storage full or disabled: the session still works in memory */
  }
}

export const session = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    persist();
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Clears token, user, reload flag, public key and the rest. */
  clear() {
    session.set({ ...EMPTY });
    try {
      ss?.removeItem(TAB_KEY);
    } catch {
      /* ignore */
    }
  },
  isSignedIn: () => !!state.token && !!state.user,
};

/** Subscribes to one slice; the component re-renders only when that slice changes. */
export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    session.subscribe,
    () => select(state),
    () => select(state),
  );
}

// Keep tabs of the same browser in step when another tab signs out or in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== AUTH_KEY) return;
    state = { ...state, ...EMPTY, ...read(ls, AUTH_KEY), history: state.history };
    listeners.forEach((l) => l());
  });
}

let ticker: ReturnType<typeof setInterval> | null = null;
/** Online time counter: one tick a second while signed in. */
export function startOnlineCounter(): () => void {
  if (!ticker) {
    ticker = setInterval(() => {
      if (session.isSignedIn()) session.set({ onlineSeconds: state.onlineSeconds + 1 });
    }, 1000);
  }
  return () => {
    if (ticker) clearInterval(ticker);
    ticker = null;
  };
}
