// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PracticeAnswerResult, PracticeSession } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';

const q = (position: number, extra: Partial<PracticeSession['questions'][number]>) => ({
  questionId: 100 + position,
  position,
  type: 'single' as const,
  stem: `<p>Question ${position}</p>`,
  options: [{ content: 'red' }, { content: 'blue' }],
  blankCount: 0,
  stars: 5,
  score: 10,
  answer: null,
  feedback: null,
  ...extra,
});
const session: PracticeSession = {
  sessionId: 7,
  exerciseId: 3,
  exerciseName: 'Colours',
  number: 1,
  times: 2,
  startedAt: new Date().toISOString(),
  deadlineAt: new Date(Date.now() + 600_000).toISOString(),
  serverNow: new Date().toISOString(),
  remainingSeconds: 600,
  finished: false,
  questions: [q(1, {}), q(2, { type: 'fill', options: [], blankCount: 1, stem: '<p>Sky is （）</p>' })],
  summary: { questions: 2, answered: 0, correct: 0, wrong: 0, unmarked: 0, score: 0, total: 20 },
};
const key = { answers: ['B'], blanks: [], answerText: '', analysis: 'Blue is B.' };
const answerPractice = vi.fn(async (_b: unknown): Promise<PracticeAnswerResult> => ({
  position: 1,
  feedback: { correct: false, score: 0, key },
  remainingSeconds: 590,
  summary: { ...session.summary, answered: 1, wrong: 1 },
}));
const finishPractice = vi.fn(async () => ({ ...session, finished: true, remainingSeconds: 0, summary: { ...session.summary, answered: 2, correct: 1, wrong: 1, score: 10 } }));
vi.mock('../portal-api', () => ({
  getPracticeSession: async () => session,
  answerPractice: (b: unknown) => answerPractice(b),
  finishPractice: () => finishPractice(),
}));

const { PracticeSessionView } = await import('./PracticeSessionView');

describe('practising question by question', () => {
  it('sends one answer, shows right or wrong with the right answer and the analysis, keeps the question closed, and ends with a summary', async () => {
    const onClose = vi.fn();
    renderAt('/list', () => <PracticeSessionView sessionId={7} onClose={onClose} />);
    expect(await screen.findByText('Question 1')).toBeTruthy();
    expect(screen.getByTestId('practice-clock').textContent).toMatch(/^(10:00|9:5\d)$/);
    const check = screen.getByTestId('practice-submit-answer') as HTMLButtonElement;
    expect(check.disabled).toBe(true); // nothing chosen yet
    fireEvent.click(screen.getByText('A. red'));
    await waitFor(() => expect((screen.getByTestId('practice-submit-answer') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('practice-submit-answer'));
    await waitFor(() => expect(answerPractice).toHaveBeenCalledWith({ sessionId: 7, position: 1, answer: { choices: ['A'] } }));
    expect(await screen.findByTestId('feedback-wrong')).toBeTruthy();
    expect(screen.getByTestId('practice-feedback').textContent).toContain('B');
    expect(screen.getByTestId('practice-feedback').textContent).toContain('Blue is B.');
    // Answered: the question is closed (no second answer).
    expect(screen.queryByTestId('practice-submit-answer')).toBeNull();

    fireEvent.click(screen.getByTestId('practice-next'));
    expect(await screen.findByTestId('answer-blank-1')).toBeTruthy();
    // The second question is not answered: finishing asks first.
    fireEvent.click(screen.getByTestId('practice-finish'));
    fireEvent.click(await screen.findByTestId('practice-finish-ok'));
    expect(await screen.findByTestId('practice-summary')).toBeTruthy();
    expect(screen.getByTestId('practice-summary').textContent).toContain('10 / 20');
    fireEvent.click(screen.getByTestId('practice-back'));
    expect(onClose).toHaveBeenCalled();
  });
});
