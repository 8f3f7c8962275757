// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AttemptPaper, MarkSave } from '@hanlin/shared';
import { renderAt } from '../../../../platform/kernel/testing/render';

const question = (position: number, extra: Partial<AttemptPaper['questions'][number]>): AttemptPaper['questions'][number] => ({
  position,
  questionId: 100 + position,
  type: 'single',
  stem: `Question ${position}`,
  options: [{ content: 'Hard hat' }, { content: 'Cap' }],
  score: 4,
  answer: { choices: ['A'] },
  keyAnswers: ['A'],
  keyBlanks: [],
  answerText: '',
  keywords: '',
  analysis: '',
  subjective: false,
  autoScore: 4,
  correct: true,
  reviewScore: null,
  reviewerName: null,
  mark: 4,
  ...extra,
});
let paper: AttemptPaper = {
  attemptId: 7,
  examId: 3,
  examName: 'Site safety',
  userId: 9,
  realname: 'Ann',
  number: 1,
  status: 'marking',
  submitState: 'normal',
  startedAt: '2026-11-26T08:00:00.000Z',
  submittedAt: '2026-11-26T08:40:00.000Z',
  total: 8,
  passPercent: 60,
  autoScore: 4,
  score: null,
  passed: null,
  adjustedByName: null,
  adjustedAt: null,
  abilities: { mark: true, updateScore: false },
  questions: [
    question(1, {}),
    question(2, {
      type: 'short',
      options: [],
      answer: { text: 'Wear a helmet' },
      keyAnswers: [],
      answerText: 'Helmets always',
      keywords: 'helmet',
      subjective: true,
      autoScore: null,
      correct: null,
      mark: null,
    }),
  ],
};

const saveMarks = vi.fn(async (_input: MarkSave) => {
  paper = {
    ...paper,
    status: 'marked',
    score: 7.5,
    passed: true,
    abilities: { mark: false, updateScore: true },
    questions: [paper.questions[0]!, { ...paper.questions[1]!, reviewScore: 3.5, mark: 3.5 }],
  };
  return { status: 'marked' as const, pending: 0, score: 7.5, passed: true };
});
vi.mock('../../grades-api', () => ({
  getMarkingAttempt: async () => paper,
  getPaperDetail: async () => paper,
  saveMarks: (input: MarkSave) => saveMarks(input),
  updateGrade: async () => ({ score: 6, passed: true }),
  getGradeCount: async () => null,
  publishScores: async () => null,
}));

const { default: PaperDetailPage } = await import('./PaperDetailPage');
const { default: GradeUpdatePage } = await import('./GradeUpdatePage');

describe('marking an attempt', () => {
  it('shows the answer beside the reference, takes a mark for the subjective answer only, and saves it', async () => {
    renderAt('/list?attemptId=7&mark=1', () => <PaperDetailPage />);
    expect(await screen.findByText('Wear a helmet')).toBeTruthy();
    expect(screen.getByText('Helmets always')).toBeTruthy();
    // Only the short answer takes a mark; the choice question was marked by the system.
    expect(screen.queryByTestId('mark-input-1')).toBeNull();
    const save = screen.getByTestId('marks-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const input = screen.getByTestId('mark-input-2').querySelector('input') ?? (screen.getByTestId('mark-input-2') as HTMLInputElement);
    fireEvent.change(input, { target: { value: '3.5' } });
    await waitFor(() => expect((screen.getByTestId('marks-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('marks-save'));
    await waitFor(() => expect(saveMarks).toHaveBeenCalledWith({ attemptId: 7, marks: [{ position: 2, score: 3.5 }] }));
    // Marked: the score shows and nothing is left to mark.
    await waitFor(() => expect(screen.getByTestId('paper-score').textContent).toBe('7.5'));
    expect(screen.queryByTestId('marks-save')).toBeNull();
    expect(screen.queryByTestId('mark-input-2')).toBeNull();
  });
});

describe('the paper obeys its abilities', () => {
  it('offers no mark input when the server answers mark: false, even while answers wait for marks', async () => {
    paper = { ...paper, status: 'marking', score: null, abilities: { mark: false, updateScore: false } };
    renderAt('/list?attemptId=7&mark=1', () => <PaperDetailPage />);
    expect(await screen.findByText('Wear a helmet')).toBeTruthy();
    expect(screen.queryByTestId('mark-input-2')).toBeNull();
    expect(screen.queryByTestId('marks-save')).toBeNull();
  });

  it('lets the score change only when the server answers updateScore: true', async () => {
    paper = { ...paper, status: 'marked', score: 5, abilities: { mark: false, updateScore: false } };
    const first = renderAt('/list?attemptId=7', () => <GradeUpdatePage />);
    const box = (await screen.findByTestId('grade-update')).querySelector('input')!;
    fireEvent.change(box, { target: { value: '6' } });
    const button = () => screen.getByTestId('grade-update-save') as HTMLButtonElement;
    await waitFor(() => expect(button().disabled).toBe(true));
    first.unmount();
    paper = { ...paper, abilities: { mark: false, updateScore: true } };
    renderAt('/list?attemptId=7', () => <GradeUpdatePage />);
    fireEvent.change((await screen.findByTestId('grade-update')).querySelector('input')!, { target: { value: '6' } });
    await waitFor(() => expect(button().disabled).toBe(false));
  });
});
