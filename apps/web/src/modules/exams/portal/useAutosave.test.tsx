// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { AnswerSave, AnswerSaveResult } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { Autosave, autosaveStorageKey, useAutosave, type AutosaveOptions } from './useAutosave';

const ok = (): AnswerSaveResult => ({ savedAt: new Date().toISOString(), remainingSeconds: 1200, status: 'ongoing' });
const initial = [1, 2, 3].map((position) => ({ position, answer: null, flagged: false }));
let online = true;

function saverWith(save: AutosaveOptions['save'], over: Partial<AutosaveOptions> = {}) {
  const s = new Autosave({ attemptId: 7, initial, save, ...over });
  s.start();
  return s;
}
const flushPromises = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('waits for a pause in typing and sends every change of the moment in one call, each question with a growing seq', async () => {
    const save = vi.fn(async (_b: AnswerSave) => ok());
    const s = saverWith(save);
    s.change(1, { answer: { choices: ['A'] } });
    await vi.advanceTimersByTimeAsync(500);
    s.change(2, { answer: { text: 'first draft' } });
    s.change(1, { answer: { choices: ['B'] } });
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    expect(s.getSnapshot().state.kind).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual({
      attemptId: 7,
      answers: [
        { position: 1, answer: { choices: ['B'] }, flagged: false, seq: 2 },
        { position: 2, answer: { text: 'first draft' }, flagged: false, seq: 1 },
      ],
    });
    expect(s.getSnapshot().state.kind).toBe('saved');
    expect(localStorage.getItem(autosaveStorageKey(7))).toBeNull();
    s.change(1, { flagged: true });
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls[1]![0].answers).toEqual([{ position: 1, answer: { choices: ['B'] }, flagged: true, seq: 3 }]);
    s.stop();
  });

  it('retries a failed save with a growing wait and then shows it saved', async () => {
    const save = vi
      .fn<(b: AnswerSave) => Promise<AnswerSaveResult>>()
      .mockRejectedValueOnce(new ApiError('SERVER_ERROR', 500, 500))
      .mockRejectedValueOnce(new ApiError('NETWORK_DELAY', 0, 0))
      .mockResolvedValue(ok());
    const s = saverWith(save);
    s.change(3, { answer: { stars: 4 } });
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    expect(s.getSnapshot().state).toEqual({ kind: 'error', retryInMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(s.getSnapshot().state).toEqual({ kind: 'error', retryInMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save.mock.calls[2]![0].answers).toEqual([{ position: 3, answer: { stars: 4 }, flagged: false, seq: 1 }]);
    expect(s.getSnapshot().state.kind).toBe('saved');
    s.stop();
  });

  it('offline: keeps the changes on the device and sends them when the browser is back online', async () => {
    const save = vi.fn(async (_b: AnswerSave) => ok());
    const s = saverWith(save);
    online = false;
    window.dispatchEvent(new Event('offline'));
    s.change(1, { answer: { choices: ['C'] } });
    s.change(2, { answer: { blanks: ['x', 'y'] } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(s.getSnapshot().state.kind).toBe('offline');
    expect(JSON.parse(localStorage.getItem(autosaveStorageKey(7))!)).toMatchObject({ 1: { seq: 1 }, 2: { answer: { blanks: ['x', 'y'] } } });
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0].answers.map((a) => a.position)).toEqual([1, 2]);
    expect(s.getSnapshot().state.kind).toBe('saved');
    s.stop();
  });

  it('a browser closed before the save re-sends the kept changes on reload, and they win over the older server answer', async () => {
    const never = vi.fn((_b: AnswerSave) => new Promise<AnswerSaveResult>(() => {}));
    const first = saverWith(never, { seqFloor: () => 40 });
    first.change(2, { answer: { text: 'my final answer' }, flagged: true });
    first.stop(); // the tab closes before the debounce ran out
    expect(never).not.toHaveBeenCalled();

    const save = vi.fn(async (_b: AnswerSave) => ok());
    const server = initial.map((q) => (q.position === 2 ? { ...q, answer: { text: 'older' }, seq: 12 } : q));
    const reloaded = new Autosave({ attemptId: 7, initial: server, save });
    expect(reloaded.getSnapshot().entries.get(2)).toEqual({ answer: { text: 'my final answer' }, flagged: true, seq: 40 });
    reloaded.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls[0]![0].answers).toEqual([{ position: 2, answer: { text: 'my final answer' }, flagged: true, seq: 40 }]);
    expect(localStorage.getItem(autosaveStorageKey(7))).toBeNull();
    reloaded.stop();
  });

  it('ignores changes kept on the device when the server already holds a newer one', async () => {
    localStorage.setItem(autosaveStorageKey(7), JSON.stringify({ 1: { answer: { choices: ['A'] }, flagged: false, seq: 3 } }));
    const save = vi.fn(async (_b: AnswerSave) => ok());
    const server = initial.map((q) => (q.position === 1 ? { ...q, answer: { choices: ['D'] }, seq: 5 } : q));
    const s = new Autosave({ attemptId: 7, initial: server, save });
    s.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).not.toHaveBeenCalled();
    expect(s.getSnapshot().entries.get(1)?.answer).toEqual({ choices: ['D'] });
    expect(localStorage.getItem(autosaveStorageKey(7))).toBeNull();
    // The next change goes on from the server's seq.
    s.change(1, { answer: { choices: ['B'] } });
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls[0]![0].answers[0]!.seq).toBe(6);
    s.stop();
  });

  it('a change made while a save is on its way stays unsent and follows', async () => {
    let release!: (r: AnswerSaveResult) => void;
    const save = vi
      .fn<(b: AnswerSave) => Promise<AnswerSaveResult>>()
      .mockImplementationOnce(() => new Promise((r) => (release = r)))
      .mockResolvedValue(ok());
    const s = saverWith(save);
    s.change(1, { answer: { choices: ['A'] } });
    await vi.advanceTimersByTimeAsync(800);
    s.change(1, { answer: { choices: ['B'] } });
    release(ok());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot().unsent).toBe(1);
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls[1]![0].answers).toEqual([{ position: 1, answer: { choices: ['B'] }, flagged: false, seq: 2 }]);
    expect(s.getSnapshot().unsent).toBe(0);
    s.stop();
  });

  it('submit first waits for the pending saves', async () => {
    const save = vi.fn(async (_b: AnswerSave) => ok());
    const s = saverWith(save);
    s.change(1, { answer: { choices: ['A'] } });
    const done = s.settle();
    await vi.advanceTimersByTimeAsync(0);
    await expect(done).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    s.stop();
  });

  it('EXAM_TIME_OVER: the server has submitted; the page is told and nothing is kept', async () => {
    const onClosed = vi.fn();
    const save = vi.fn(async (_b: AnswerSave): Promise<AnswerSaveResult> => {
      throw new ApiError('EXAM_TIME_OVER', 0, 400);
    });
    const s = saverWith(save, { onClosed });
    s.change(1, { answer: { choices: ['A'] } });
    await vi.advanceTimersByTimeAsync(800);
    expect(onClosed).toHaveBeenCalledWith('EXAM_TIME_OVER');
    expect(s.getSnapshot().state.kind).toBe('closed');
    expect(localStorage.getItem(autosaveStorageKey(7))).toBeNull();
    s.change(2, { answer: { choices: ['A'] } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    s.stop();
  });

  it('as a hook: the component re-renders with the saving state', async () => {
    const save = vi.fn(async (_b: AnswerSave) => ok());
    let change!: (p: number) => void;
    function Probe() {
      const a = useAutosave({ attemptId: 9, initial, save });
      change = (p) => a.saver.change(p, { answer: { choices: ['A'] } });
      return <span data-testid="state">{`${a.state.kind}:${a.unsent}`}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId('state').textContent).toBe('idle:0');
    act(() => change(1));
    expect(screen.getByTestId('state').textContent).toBe('saving:1');
    await act(async () => void (await vi.advanceTimersByTimeAsync(800)));
    await flushPromises();
    expect(screen.getByTestId('state').textContent).toBe('saved:0');
  });
});
