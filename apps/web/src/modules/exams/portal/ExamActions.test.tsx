// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AttemptResult, AttemptSheet, MyExamRow } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { Feedback } from '../../../platform/components/Feedback';
import MyExamsPage from './MyExamsPage';
import ExamResultPage from './ExamResultPage';

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** A row as the server answers it: its state and abilities on the server's clock (an open exam with attempts left by default). */
const row = (id: number, over: Partial<MyExamRow>): MyExamRow => ({
  id,
  name: `Exam ${id}`,
  categoryName: null,
  status: 'started',
  startAt: hours(-1),
  endAt: hours(2),
  duration: 45,
  total: 100,
  passPercent: 60,
  attempts: 2,
  myEndAt: hours(2),
  attemptsAllowed: 2,
  attemptsUsed: 0,
  ongoingAttemptId: null,
  lastScore: null,
  lastPassed: null,
  lastMarking: false,
  abilities: { start: true, continue: false },
  attemptsLeft: 2,
  serverNow: new Date().toISOString(),
  changesAt: hours(2),
  ...over,
});
const closed = { abilities: { start: false, continue: false } };
const rows = [
  row(1, {}),
  row(2, { ongoingAttemptId: 77, attemptsUsed: 1, abilities: { start: false, continue: true } }),
  row(3, { attemptsUsed: 1, attemptsLeft: 1, lastScore: 82, lastPassed: true }),
  row(4, { attemptsUsed: 2, attemptsLeft: 0, lastMarking: true, ...closed }),
  row(5, { status: 'published', startAt: hours(5), endAt: hours(7), myEndAt: hours(7), changesAt: hours(5), ...closed }),
  row(6, { status: 'ended', startAt: hours(-9), endAt: hours(-2), myEndAt: hours(-2), attemptsUsed: 1, lastScore: 40, lastPassed: false, changesAt: null, ...closed }),
  // Ended for everyone, but this person's end was extended.
  row(7, { status: 'ended', endAt: hours(-1), myEndAt: hours(3) }),
  // The device's clock is wrong: the server's state and abilities decide, not the times read on this clock.
  row(8, { name: 'Slow clock', startAt: hours(1) }),
  row(9, { name: 'Fast clock', status: 'published', startAt: hours(-1), changesAt: hours(1), ...closed }),
];
let answer = () => rows;
const start = vi.fn(async (examId: number) => ({ attemptId: 500 + examId, examId }) as unknown as AttemptSheet);
const results = vi.fn<(examId: number) => Promise<AttemptResult[]>>();
vi.mock('../portal-api', () => ({
  findMyExams: async () => {
    const records = answer();
    return { records, total: records.length };
  },
  examTaking: { start: (id: number) => start(id), results: (id: number) => results(id) },
}));

const item = (name: string) => screen.getAllByTestId('my-exam-item').find((el) => el.textContent?.includes(name))!;

describe('my exams: the right action per exam', () => {
  it('offers start, continue, results, the attempts and the latest score or marking state', async () => {
    renderAt('/list', () => <MyExamsPage />);
    await screen.findAllByTestId('my-exam-item');
    const one = within(item('Exam 1'));
    expect(one.getByTestId('my-exam-start')).toBeTruthy();
    expect(one.queryByTestId('my-exam-results')).toBeNull();
    expect(one.getByTestId('my-exam-attempts').textContent).toContain('0/2');

    const two = within(item('Exam 2'));
    expect(two.getByTestId('my-exam-continue')).toBeTruthy();
    expect(two.queryByTestId('my-exam-start')).toBeNull();

    const three = within(item('Exam 3'));
    expect(three.getByTestId('my-exam-start')).toBeTruthy();
    expect(three.getByTestId('my-exam-results')).toBeTruthy();
    expect(three.getByTestId('my-exam-score').textContent).toContain('82');
    expect(three.getByTestId('my-exam-score').textContent).toContain('及格');

    const four = within(item('Exam 4'));
    expect(four.getByTestId('my-exam-marking')).toBeTruthy();
    expect(four.getByTestId('my-exam-phase-noAttempts')).toBeTruthy();

    expect(within(item('Exam 5')).getByTestId('my-exam-phase-notOpen')).toBeTruthy();
    expect(within(item('Exam 6')).getByTestId('my-exam-phase-ended')).toBeTruthy();
    expect(within(item('Exam 6')).getByTestId('my-exam-score').textContent).toContain('不及格');
    expect(within(item('Exam 7')).getByTestId('my-exam-start')).toBeTruthy();
  });

  it("obeys the server's state and abilities, not the device's clock", async () => {
    renderAt('/list', () => <MyExamsPage />);
    await screen.findAllByTestId('my-exam-item');
    expect(within(item('Slow clock')).getByTestId('my-exam-start')).toBeTruthy();
    expect(within(item('Fast clock')).queryByTestId('my-exam-start')).toBeNull();
    expect(within(item('Fast clock')).getByTestId('my-exam-phase-notOpen')).toBeTruthy();
  });

  it('asks the server again when a row changes (its start passes) and shows Start without a reload', async () => {
    let calls = 0;
    const soon = new Date(Date.now() + 300).toISOString();
    answer = () =>
      ++calls === 1 ? [row(11, { name: 'Starts now', status: 'published', startAt: soon, changesAt: soon, ...closed })] : [row(11, { name: 'Starts now', startAt: soon })];
    try {
      renderAt('/list', () => <MyExamsPage />);
      await screen.findByTestId('my-exam-phase-notOpen');
      await screen.findByTestId('my-exam-start', undefined, { timeout: 5000 });
      expect(calls).toBe(2);
    } finally {
      answer = () => rows;
    }
  });

  it('starting asks first (duration, attempts left, monitoring), then opens the sheet the start answered', async () => {
    const view = renderAt('/list', () => <MyExamsPage />);
    await screen.findAllByTestId('my-exam-item');
    fireEvent.click(within(item('Exam 3')).getByTestId('my-exam-start'));
    const content = await screen.findByTestId('start-confirm-content');
    expect(content.textContent).toContain('45 分钟');
    expect(content.textContent).toContain('1/2');
    expect(content.textContent).toContain('摄像头');
    expect(start).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('start-confirm-ok'));
    await screen.findByTestId('elsewhere');
    expect(start).toHaveBeenCalledWith(3);
    expect(view.router.state.location.pathname).toBe('/portal/exam/3/attempt/503');
    expect((view.router.state.location.state as { sheet: AttemptSheet }).sheet.attemptId).toBe(503);
  });
});

const attempt = (over: Partial<AttemptResult>): AttemptResult => ({
  attemptId: 9,
  examId: 3,
  examName: 'Exam 3',
  number: 1,
  status: 'marked',
  submitState: 'normal',
  submittedBy: 'examinee',
  startedAt: hours(-1),
  submittedAt: hours(-0.5),
  total: 100,
  score: 82,
  passed: true,
  attemptsLeft: 1,
  ...over,
});
function renderResult(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/portal/exam/:examId/result', Component: ExamResultPage }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <Feedback />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the result page', () => {
  it('shows the score and pass when the exam shows them, and the attempts left', async () => {
    results.mockResolvedValue([attempt({ attemptId: 10, number: 2 }), attempt({ score: 50, passed: false })]);
    renderResult('/portal/exam/3/result?attempt=10');
    await waitFor(() => expect(screen.getByTestId('result-score').textContent).toContain('82 / 100'));
    expect(screen.getByTestId('result-score').textContent).toContain('及格');
    expect(screen.getByTestId('attempts-left').textContent).toBe('1');
    expect(screen.getAllByTestId('attempt-row')).toHaveLength(2);
  });

  it('without a score: submitted, awaiting marking; a forced submission says why', async () => {
    results.mockResolvedValue([attempt({ status: 'marking', score: null, passed: null, submittedBy: 'leaveLimit', submitState: 'exception', attemptsLeft: 0 })]);
    renderResult('/portal/exam/3/result?attempt=9');
    await waitFor(() => expect(screen.getByTestId('result-score').textContent).toContain('待阅卷'));
    expect(screen.getByTestId('result-notice-leaveLimit')).toBeTruthy();
    expect(screen.getByTestId('attempts-left').textContent).toBe('0');
  });
});
