import { useEffect, useRef, useSyncExternalStore } from 'react';
import { attemptSubmitted, type AnswerSave, type AnswerSaveResult, type AnswerValue, getKnown } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';

/** One question's answer as the sheet holds it: `seq` grows with every change made to it. */
export interface AnswerEntry {
  answer: AnswerValue | null;
  flagged: boolean;
  seq: number;
}

/** What the saving indicator shows. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'offline' }
  | { kind: 'error'; retryInMs: number }
  /** The server has submitted the attempt (deadline, leave limit, another browser): nothing more is saved. */
  | { kind: 'closed'; reason: string };

export interface AutosaveOptions {
  attemptId: number;
  /** The server's answers; `seq` when the server tells which change it holds (a local change with a higher seq wins). */
  initial: readonly { position: number; answer: AnswerValue | null; flagged: boolean; seq?: number }[];
  save: (body: AnswerSave) => Promise<AnswerSaveResult>;
  /** Every acknowledged save (the page re-synchronises its countdown from it). */
  onSaved?: (r: AnswerSaveResult) => void;
  /** The server refused because the attempt is submitted (EXAM_TIME_OVER, REPEAT_SUBMIT_ERROR, or a save answering a submitted state). */
  onClosed?: (reason: string) => void;
  debounceMs?: number;
  /**
   * The lowest seq a new change gets. The page passes tenths of a second since the attempt started,
   * on the server's clock, so a change made after a reload (or in another browser) outranks the
   * earlier ones even though the counter itself started again.
   */
  seqFloor?: () => number;
}

export interface AutosaveSnapshot {
  entries: ReadonlyMap<number, AnswerEntry>;
  state: SaveState;
  /** Changes not yet acknowledged by the server. */
  unsent: number;
}

/** Where the unsent changes of an attempt wait on this device (a closed or crashed browser re-sends them). */
export const autosaveStorageKey = (attemptId: number) => `hl.exam.unsent.${attemptId}`;

/** Waits between retries of a failed save (the last one repeats). */
export const RETRY_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000] as const;
const CLOSED_ERRORS = new Set(['EXAM_TIME_OVER', 'REPEAT_SUBMIT_ERROR']);
const MAX_BATCH = 200;
const MAX_SEQ = 2 ** 31 - 1;
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function readLocal(attemptId: number): Map<number, AnswerEntry> {
  try {
    const raw = localStorage.getItem(autosaveStorageKey(attemptId));
    if (!raw) return new Map();
    const data = JSON.parse(raw) as Record<string, AnswerEntry>;
    return new Map(
      Object.entries(data)
        .filter(([, e]) => e && typeof e.seq === 'number')
        .map(([k, e]) => [Number(k), { answer: e.answer ?? null, flagged: Boolean(e.flagged), seq: e.seq }]),
    );
  } catch {
    return new Map();
  }
}

/**
 * The autosave of one attempt, outside React (the hook below subscribes to it): every change bumps
 * its question's seq, is kept in localStorage until acknowledged, and is sent debounced with the
 * other changes of the moment in one call; a failed call is retried with backoff, an offline
 * browser waits for the 'online' event.
 */
export class Autosave {
  readonly attemptId: number;
  opts: AutosaveOptions;
  private entries = new Map<number, AnswerEntry>();
  private unsent = new Set<number>();
  private state: SaveState = { kind: 'idle' };
  private snap!: AutosaveSnapshot;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private failures = 0;
  private listeners = new Set<() => void>();
  private started = false;

  constructor(opts: AutosaveOptions) {
    this.opts = opts;
    this.attemptId = opts.attemptId;
    const serverSeq = new Map<number, number | undefined>();
    for (const q of opts.initial) {
      this.entries.set(q.position, { answer: q.answer, flagged: q.flagged, seq: q.seq ?? 0 });
      serverSeq.set(q.position, q.seq);
    }
    for (const [position, local] of readLocal(opts.attemptId)) {
      if (!serverSeq.has(position)) continue;
      const held = serverSeq.get(position);
      // The server already holds this change or a newer one: the local copy is stale.
      if (held !== undefined && local.seq <= held) continue;
      this.entries.set(position, local);
      this.unsent.add(position);
    }
    this.persist();
    this.refresh();
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getSnapshot = () => this.snap;

  private refresh() {
    this.snap = { entries: new Map(this.entries), state: this.state, unsent: this.unsent.size };
    for (const l of this.listeners) l();
  }
  private setState(s: SaveState) {
    this.state = s;
    this.refresh();
  }
  private persist() {
    try {
      const key = autosaveStorageKey(this.attemptId);
      if (!this.unsent.size) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(Object.fromEntries([...this.unsent].map((p) => [p, this.entries.get(p)]))));
    } catch {
      // Storage full or refused: the change still goes to the server.
    }
  }
  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  get closed() {
    return this.state.kind === 'closed';
  }
  hasUnsent() {
    return this.unsent.size > 0;
  }

  /** A change of a question's answer and/or flag. */
  change = (position: number, patch: { answer?: AnswerValue | null; flagged?: boolean }) => {
    if (this.closed) return;
    const cur = this.entries.get(position) ?? { answer: null, flagged: false, seq: 0 };
    const seq = Math.min(MAX_SEQ, Math.max(cur.seq + 1, this.opts.seqFloor?.() ?? 0));
    this.entries.set(position, { ...cur, ...patch, seq });
    this.unsent.add(position);
    this.persist();
    if (this.state.kind === 'saved' || this.state.kind === 'idle') this.state = { kind: 'saving' };
    this.refresh();
    if (this.state.kind !== 'error') this.schedule(this.opts.debounceMs ?? 800);
  };

  /** Sends what is unsent now (one call, up to 200 answers). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inflight) return this.inflight;
    if (this.closed || !this.unsent.size) return Promise.resolve();
    if (!online()) {
      this.setState({ kind: 'offline' });
      return Promise.resolve();
    }
    const batch = [...this.unsent].slice(0, MAX_BATCH).map((position) => ({ position, ...getKnown(this.entries, position, 'answer') }));
    this.setState({ kind: 'saving' });
    this.inflight = this.send(batch).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async send(batch: ({ position: number } & AnswerEntry)[]) {
    try {
      const r = await this.opts.save({
        attemptId: this.attemptId,
        answers: batch.map((b) => ({ position: b.position, answer: b.answer, flagged: b.flagged, seq: b.seq })),
      });
      // A change made while the call was on its way has a higher seq and stays unsent.
      for (const b of batch) if (this.entries.get(b.position)?.seq === b.seq) this.unsent.delete(b.position);
      this.persist();
      this.failures = 0;
      this.opts.onSaved?.(r);
      if (attemptSubmitted(r)) return this.close('REPEAT_SUBMIT_ERROR');
      this.setState(this.unsent.size ? { kind: 'saving' } : { kind: 'saved', at: new Date(r.savedAt) });
      if (this.unsent.size && !this.timer) this.schedule(this.opts.debounceMs ?? 800);
    } catch (e) {
      const name = e instanceof ApiError ? e.name : '';
      if (CLOSED_ERRORS.has(name)) return this.close(name);
      if (!online()) return this.setState({ kind: 'offline' });
      const wait = RETRY_BACKOFF_MS[Math.min(this.failures, RETRY_BACKOFF_MS.length - 1)];
      this.failures += 1;
      this.setState({ kind: 'error', retryInMs: wait });
      this.schedule(wait);
    }
  }

  private close(reason: string) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsent.clear();
    this.persist();
    this.setState({ kind: 'closed', reason });
    this.opts.onClosed?.(reason);
  }

  /**
   * Sends everything unsent and waits for it (submit does this first): true once all is
   * acknowledged, false when a save failed (offline, error) or the attempt is closed.
   */
  async settle(): Promise<boolean> {
    for (let round = 0; round < 50 && this.unsent.size && !this.closed; round++) {
      this.failures = 0;
      await this.flush();
      if (this.state.kind === 'error' || this.state.kind === 'offline') return false;
    }
    return !this.unsent.size && !this.closed;
  }

  private onOnline = () => {
    this.failures = 0;
    if (this.unsent.size) void this.flush();
    else if (this.state.kind === 'offline') this.setState({ kind: 'idle' });
  };
  private onOffline = () => {
    if (!this.closed) this.setState({ kind: 'offline' });
  };

  /** Listens to the browser's online state and sends what waited (changes recovered from localStorage). */
  start() {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (this.unsent.size) void this.flush();
  }
  stop() {
    this.started = false;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The autosave of an attempt as a hook: the entries to render, the saving state, and `change` / `settle`. */
export function useAutosave(opts: AutosaveOptions) {
  const ref = useRef<Autosave | null>(null);
  if (!ref.current || ref.current.attemptId !== opts.attemptId) ref.current = new Autosave(opts);
  const saver = ref.current;
  saver.opts = opts;
  const snap = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  useEffect(() => {
    saver.start();
    return () => saver.stop();
  }, [saver]);
  return { ...snap, saver };
}
