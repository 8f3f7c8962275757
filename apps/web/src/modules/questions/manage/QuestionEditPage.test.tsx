// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../platform/kernel/testing/render';

const insertQuestion = vi.fn(async (_body: unknown) => ({ id: 1 }));
vi.mock('../api', () => ({
  getQuestionCategoryTree: async () => [],
  getQuestionById: async () => null,
  insertQuestion: (body: unknown) => insertQuestion(body),
  updateQuestion: async () => null,
}));
// Quill does not run under happy-dom: a plain text area stands for the editor.
vi.mock('../../courses/components/RichTextEditor', () => ({
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
});
