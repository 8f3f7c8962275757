// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { ApiError } from '../../../platform/api/errors';

const insertQuestion = vi.fn(async (_body: unknown): Promise<{ id: number }> => ({ id: 1 }));
vi.mock('../api', () => ({
  getQuestionCategoryTree: async () => [],
  getQuestionById: async () => null,
  insertQuestion: (body: unknown) => insertQuestion(body),
  updateQuestion: async () => null,
}));
// The editor (Tiptap) is not under test here: a plain text area stands for it.
vi.mock('../../../platform/components/RichTextEditor', () => ({
  default: ({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId?: string }) => (
    <textarea data-testid={testId} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const { default: QuestionEditPage } = await import('./QuestionEditPage');

describe('add-question form', () => {
  it('follows the type, checks the shared rules before saving and rounds the score', async () => {
    const { router } = renderAt('/list', () => <QuestionEditPage />);
    expect(await screen.findByTestId('question-option-0')).toBeTruthy();
    // Judgment: no options, a true/false answer.
    fireEvent.click(screen.getByText('判断题'));
    await waitFor(() => expect(screen.queryByTestId('question-option-0')).toBeNull());
    expect(screen.getByTestId('question-judgment')).toBeTruthy();
    // Fill in blank: one answer box per blank of the stem, following the stem.
    fireEvent.click(screen.getByText('填空题'));
    fireEvent.change(await screen.findByTestId('question-stem'), { target: { value: 'Paris is in （） and Rome in ()' } });
    expect(await screen.findByTestId('question-blank-1')).toBeTruthy();
    expect(screen.getByTestId('question-blank-0')).toBeTruthy();
    fireEvent.change(screen.getByTestId('question-stem'), { target: { value: 'Paris is in （）' } });
    await waitFor(() => expect(screen.queryByTestId('question-blank-1')).toBeNull());
    expect(screen.getByTestId('question-blank-0')).toBeTruthy();
    // A fill-in stem without a blank: the shared schema refuses it on the stem field, nothing is sent.
    fireEvent.change(await screen.findByTestId('question-stem'), { target: { value: 'No blank here' } });
    await waitFor(() => expect(screen.queryByTestId('question-blank-0')).toBeNull());
    fireEvent.change(screen.getByTestId('question-score'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('question-submit'));
    expect(await screen.findByText('题干文字为1至200个字符；填空题题干至少有一个空（）。')).toBeTruthy();
    expect(insertQuestion).not.toHaveBeenCalled();

    // Back to single choice: a stem without an answer is refused on the client.
    fireEvent.click(screen.getByText('单选题'));
    fireEvent.change(await screen.findByTestId('question-stem'), { target: { value: 'Capital of France?' } });
    // The options come back once the form has seen the type change (a later render under load).
    fireEvent.change(await screen.findByTestId('question-option-0'), { target: { value: 'Paris' } });
    fireEvent.change(screen.getByTestId('question-option-1'), { target: { value: 'Rome' } });
    const score = screen.getByTestId('question-score');
    fireEvent.change(score, { target: { value: '2.46' } });
    fireEvent.blur(score);
    fireEvent.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(insertQuestion).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('A'));
    fireEvent.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(insertQuestion).toHaveBeenCalled());
    expect(insertQuestion.mock.calls[0]![0]).toMatchObject({
      type: 'single',
      stem: 'Capital of France?',
      options: [{ content: 'Paris' }, { content: 'Rome' }],
      answers: ['A'],
      score: 2.5,
      blanks: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-questions'));
  });

  it('multiple choice: the shared rule of at least two answers blocks sending; the body carries only the choice parts', async () => {
    insertQuestion.mockClear();
    renderAt('/list', () => <QuestionEditPage />);
    fireEvent.click(await screen.findByText('多选题'));
    fireEvent.change(await screen.findByTestId('question-stem'), { target: { value: 'Which are fruit?' } });
    fireEvent.click(screen.getByTestId('question-add-option'));
    for (const [i, v] of ['Apple', 'Pear', 'Stone'].entries()) fireEvent.change(await screen.findByTestId(`question-option-${i}`), { target: { value: v } });
    fireEvent.change(screen.getByTestId('question-score'), { target: { value: '3' } });
    fireEvent.click(screen.getByText('A'));
    fireEvent.click(screen.getByTestId('question-submit'));
    expect(await screen.findByText('单选题选择一个答案，多选题至少两个；判断题选择正确或错误。')).toBeTruthy();
    expect(insertQuestion).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('B'));
    fireEvent.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(insertQuestion).toHaveBeenCalled());
    expect(insertQuestion.mock.calls[0]![0]).toEqual({
      type: 'multiple',
      categoryId: null,
      stem: 'Which are fruit?',
      difficulty: 'medium',
      labels: [],
      score: 3,
      analysis: '',
      options: [{ content: 'Apple' }, { content: 'Pear' }, { content: 'Stone' }],
      answers: ['A', 'B'],
      blanks: [],
      keywords: '',
      autoScore: false,
      answerText: '',
      stars: 5,
    });
  });

  it('judgment: the true/false pick is sent as the answer list, and a server refusal naming a field lands on it', async () => {
    insertQuestion.mockClear();
    insertQuestion.mockRejectedValueOnce(new ApiError('PARAMETER_INVALID', 400, 400, [{ field: 'stem', message: 'question.rule.stem' }], 'stem'));
    renderAt('/list', () => <QuestionEditPage />);
    fireEvent.click(await screen.findByText('判断题'));
    fireEvent.change(await screen.findByTestId('question-stem'), { target: { value: 'The sky is blue' } });
    fireEvent.change(screen.getByTestId('question-score'), { target: { value: '1' } });
    fireEvent.click(await screen.findByText('正确'));
    fireEvent.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(insertQuestion).toHaveBeenCalled());
    expect(insertQuestion.mock.calls[0]![0]).toMatchObject({ type: 'judgment', options: [], answers: ['T'], blanks: [] });
    const stemItem = screen.getByTestId('question-stem').closest('.ant-form-item')!;
    await waitFor(() => expect(stemItem.textContent).toContain(ERRORS.PARAMETER_INVALID.text['zh-CN']));
  });
});
