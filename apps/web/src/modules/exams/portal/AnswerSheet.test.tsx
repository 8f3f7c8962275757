// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { AnswerSave, AnswerSaveResult, AttemptResult, AttemptSheet, LeaveResult, SheetQuestion } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { ApiError } from '../../../platform/api/errors';
import { AnswerSheet } from './AnswerSheet';
import { autosaveStorageKey } from './useAutosave';
import { ongoingSheet } from './testing/sheet';

const api = vi.hoisted(() => ({
  save: vi.fn<(b: AnswerSave) => Promise<AnswerSaveResult>>(),
  submit: vi.fn<(id: number) => Promise<AttemptResult>>(),
  leave: vi.fn<(id: number) => Promise<LeaveResult>>(),
  photo: vi.fn(async () => null),
  results: vi.fn<(examId: number) => Promise<AttemptResult[]>>(),
}));
vi.mock('../portal-api', () => ({ examTaking: api }));

const q = (position: number, type: SheetQuestion['type'], over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  questionId: 100 + position,
  position,
  type,
  stem: `<p>Question <b>${type}</b></p>`,
  options: type === 'single' || type === 'multiple' ? [{ content: 'alpha' }, { content: 'beta' }, { content: 'gamma' }] : [],
  blankCount: type === 'fill' ? 2 : 0,
  stars: type === 'rating' ? 5 : 0,
  score: 5,
  answer: null,
  flagged: false,
  ...over,
});
const TYPES = ['single', 'multiple', 'judgment', 'fill', 'short', 'operation', 'calculation', 'rating'] as const;
const sheetOf = (over: Partial<AttemptSheet> = {}): AttemptSheet =>
  ongoingSheet({
    attemptId: 31,
    examId: 4,
    examName: 'Forklift safety',
    attemptsAllowed: 2,
    total: 40,
    countdownMode: 'duration',
    questions: TYPES.map((t, i) => q(i + 1, t)),
    ...over,
  });
const ok = (remainingSeconds = 590): AnswerSaveResult => ({ savedAt: new Date().toISOString(), remainingSeconds, status: 'ongoing' });
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input, textarea'))!;
};
const nav = (p: number) => screen.getByTestId(`nav-${p}`);
/** Advances the fake clock in small steps until `find` holds (dialogs render after their animation). */
async function until<T>(find: () => T): Promise<T> {
  for (let i = 0; i < 50; i++) {
    try {
      return find();
    } catch {
      await tick(100);
    }
  }
  return find();
}
const resultOf = (over: Partial<AttemptResult> = {}): AttemptResult => ({
  attemptId: 31,
  examId: 4,
  examName: 'Forklift safety',
  number: 1,
  status: 'marked',
  submitState: 'normal',
  submittedBy: 'examinee',
  startedAt: new Date().toISOString(),
  submittedAt: new Date().toISOString(),
  total: 40,
  score: 10,
  passed: false,
  attemptsLeft: 1,
  ...over,
});

// The dialogs' code loads with the first dialog (platform/feedback.ts): load it before the clock is faked.
beforeAll(async () => {
  await import('../../../platform/components/FeedbackHost');
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  localStorage.clear();
  api.save.mockReset().mockResolvedValue(ok());
  api.submit.mockReset();
  api.leave.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the answer sheet', () => {
  it('renders every question type with its input; each change is autosaved in one batched call', async () => {
    const view = renderAt('/list', () => <AnswerSheet sheet={sheetOf()} />);
    expect(screen.getByTestId('sheet-exam-name').textContent).toBe('Forklift safety');
    expect(screen.getByTestId('stem-1').innerHTML).toContain('<b>single</b>');

    fireEvent.click(input('answer-1-B'));
    fireEvent.click(input('answer-2-A'));
    fireEvent.click(input('answer-2-C'));
    fireEvent.click(input('answer-3-F'));
    fireEvent.change(input('answer-4-blank-2'), { target: { value: 'forty' } });
    fireEvent.change(input('answer-5-text'), { target: { value: 'Check the brakes' } });
    fireEvent.change(input('answer-6-text'), { target: { value: 'Lift, tilt' } });
    fireEvent.change(input('answer-7-text'), { target: { value: '12 * 3 = 36' } });
    fireEvent.click(screen.getByTestId('answer-8-rating').querySelectorAll('.ant-rate-star > div')[3]!);
    expect(screen.getByTestId('save-state').dataset.kind).toBe('saving');
    expect(api.save).not.toHaveBeenCalled();

    await tick(800);
    expect(api.save).toHaveBeenCalledTimes(1);
    const sent = api.save.mock.calls[0]![0];
    expect(sent.attemptId).toBe(31);
    expect(Object.fromEntries(sent.answers.map((a) => [a.position, a.answer]))).toEqual({
      1: { choices: ['B'] },
      2: { choices: ['A', 'C'] },
      3: { choices: ['F'] },
      4: { blanks: ['', 'forty'] },
      5: { text: 'Check the brakes' },
      6: { text: 'Lift, tilt' },
      7: { text: '12 * 3 = 36' },
      8: { stars: 4 },
    });
    expect(sent.answers.every((a) => a.seq > 0)).toBe(true);
    expect(screen.getByTestId('save-state').dataset.kind).toBe('saved');
    expect(localStorage.getItem(autosaveStorageKey(31))).toBeNull();
    view.unmount();
  });

  it('the navigation panel marks answered and flagged questions and the current one; a flag is saved too', async () => {
    renderAt('/list', () => <AnswerSheet sheet={sheetOf()} />);
    expect(nav(1).dataset.state).toBe('current');
    fireEvent.click(input('answer-1-A'));
    fireEvent.click(screen.getByTestId('flag-2'));
    fireEvent.click(nav(3));
    expect(nav(3).dataset.state).toBe('current');
    expect(nav(1).dataset.answered).toBe('true');
    expect(nav(1).dataset.state).toBe('answered');
    expect(nav(2).dataset.flagged).toBe('true');
    expect(nav(2).dataset.state).toBe('flagged');
    expect(nav(4).dataset.state).toBe('unanswered');
    expect(screen.getByTestId('nav-panel').textContent).toContain('1/8');
    await tick(800);
    expect(api.save.mock.calls[0]![0].answers).toContainEqual(expect.objectContaining({ position: 2, answer: null, flagged: true }));
  });

  it('submitting names the unanswered and flagged questions, waits for the pending save, then shows the result', async () => {
    const result = resultOf();
    api.submit.mockResolvedValue(result);
    renderAt('/list', () => <AnswerSheet sheet={sheetOf()} />);
    fireEvent.click(input('answer-1-A'));
    fireEvent.click(input('answer-3-T'));
    fireEvent.click(screen.getByTestId('flag-5'));
    fireEvent.click(screen.getByTestId('submit'));
    const content = await until(() => screen.getByTestId('submit-confirm-content'));
    expect(content.textContent).toContain('还有 6 题未作答');
    expect(content.textContent).toContain('还有 1 题处于标记状态');
    expect(api.save).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('submit-confirm-ok'));
    await until(() => screen.getByTestId('elsewhere'));
    expect(api.save).toHaveBeenCalledTimes(1);
    expect(api.submit).toHaveBeenCalledWith(31);
    expect(api.save.mock.invocationCallOrder[0]!).toBeLessThan(api.submit.mock.invocationCallOrder[0]!);
  });

  it('one question at a time: previous and next move through the sheet, the last offers submit', async () => {
    renderAt('/list', () => <AnswerSheet sheet={sheetOf({ answerMode: 'single', questions: [q(1, 'single'), q(2, 'judgment')] })} />);
    expect(screen.getByTestId('question-1')).toBeTruthy();
    expect(screen.queryByTestId('question-2')).toBeNull();
    fireEvent.click(screen.getByTestId('next'));
    expect(screen.getByTestId('question-2')).toBeTruthy();
    expect(screen.queryByTestId('question-1')).toBeNull();
    expect(screen.getByTestId('submit-last')).toBeTruthy();
    fireEvent.click(screen.getByTestId('prev'));
    expect(screen.getByTestId('question-1')).toBeTruthy();
    fireEvent.click(nav(2));
    expect(screen.getByTestId('question-2')).toBeTruthy();
  });

  it('the countdown follows the server: every save answer re-synchronises it', async () => {
    api.save.mockResolvedValue(ok(100));
    renderAt('/list', () => <AnswerSheet sheet={sheetOf({ remainingSeconds: 600 })} />);
    expect(screen.getByTestId('countdown').textContent).toContain('10:00');
    fireEvent.click(input('answer-1-A'));
    await tick(800);
    expect(screen.getByTestId('countdown').textContent).toContain('01:40');
  });

  it('when the server answers EXAM_TIME_OVER to a save, the page goes to the result', async () => {
    api.save.mockRejectedValue(new ApiError('EXAM_TIME_OVER', 0, 400));
    renderAt('/list', () => <AnswerSheet sheet={sheetOf()} />);
    fireEvent.click(input('answer-1-A'));
    await tick(800);
    await tick(0);
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('anti-cheat: leaving the page is reported once per leave and warns with the count and the limit', async () => {
    api.leave.mockResolvedValue({ leaveCount: 1, leaveLimit: 3, submitted: false });
    renderAt('/list', () => <AnswerSheet sheet={sheetOf({ antiCheat: true, leaveLimit: 3 })} />);
    expect(screen.getByTestId('leave-count').textContent).toContain('0/3');
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => void window.dispatchEvent(new Event('blur')));
    await until(() => expect(document.body.textContent).toContain('1/3 次'));
    expect(api.leave).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('leave-count').textContent).toContain('1/3');
    act(() => void window.dispatchEvent(new Event('focus')));
    api.leave.mockResolvedValue({ leaveCount: 4, leaveLimit: 3, submitted: true });
    act(() => void window.dispatchEvent(new Event('blur')));
    await tick(0);
    expect(api.leave).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('at zero the inputs stop, the page says the server submits and asks for the result until it has', async () => {
    api.results.mockResolvedValueOnce([resultOf({ status: 'ongoing', submittedBy: null, submittedAt: null })]).mockResolvedValue([resultOf({ submittedBy: 'deadline' })]);
    renderAt('/list', () => <AnswerSheet sheet={sheetOf({ remainingSeconds: 2 })} />);
    expect(input('answer-5-text').hasAttribute('disabled')).toBe(false);
    await tick(2300);
    expect(screen.getByTestId('time-up')).toBeTruthy();
    expect(input('answer-5-text').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('submit').hasAttribute('disabled')).toBe(true);
    expect(api.results).toHaveBeenCalledTimes(1);
    await tick(2000);
    expect(api.results).toHaveBeenCalledTimes(2);
    await until(() => screen.getByTestId('elsewhere'));
  });

  it('the camera refused: a blocking message says how to allow it, with a retry', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    renderAt('/list', () => <AnswerSheet sheet={sheetOf({ photoInterval: 30 })} />);
    await tick(0);
    expect(screen.getByTestId('camera-refused')).toBeTruthy();
    expect(screen.queryByTestId('question-1')).toBeNull();
    fireEvent.click(screen.getByTestId('camera-retry'));
    await tick(0);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('the camera allowed: a small preview shows and the questions are there', async () => {
    const stop = vi.fn();
    const stream = new MediaStream();
    stream.getTracks = () => [{ stop } as unknown as MediaStreamTrack];
    stream.getVideoTracks = () => [];
    const getUserMedia = vi.fn(async () => stream);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    HTMLMediaElement.prototype.play = vi.fn(async () => {});
    const view = renderAt('/list', () => <AnswerSheet sheet={sheetOf({ photoInterval: 30 })} />);
    await tick(0);
    expect(screen.getByTestId('camera-preview')).toBeTruthy();
    expect(screen.getByTestId('question-1')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });
});
