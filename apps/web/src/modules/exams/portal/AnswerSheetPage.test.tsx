// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AnswerSave, AnswerSaveResult, AttemptSheet, SheetQuestion } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { Feedback } from '../../../platform/components/Feedback';
import AnswerSheetPage from './AnswerSheetPage';
import { autosaveStorageKey } from './useAutosave';
import { ongoingSheet } from './testing/sheet';

const api = vi.hoisted(() => ({
  sheet: vi.fn<(attemptId: number) => Promise<AttemptSheet>>(),
  save: vi.fn<(b: AnswerSave) => Promise<AnswerSaveResult>>(),
  submit: vi.fn(),
  leave: vi.fn(),
  photo: vi.fn(),
  results: vi.fn(),
}));
vi.mock('../portal-api', () => ({ examTaking: api }));

const q = (position: number, over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  questionId: position,
  position,
  type: 'short',
  stem: `<p>Q${position}</p>`,
  options: [],
  blankCount: 0,
  stars: 0,
  score: 5,
  answer: null,
  flagged: false,
  ...over,
});
const sheetOf = (over: Partial<AttemptSheet> = {}): AttemptSheet =>
  ongoingSheet({ attemptId: 12, examId: 3, examName: 'Crane signals', total: 10, questions: [q(1, { answer: { text: 'saved on the server' } }), q(2)], ...over });

function renderPage(url: string, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/portal/exam/:examId/attempt/:attemptId', Component: AnswerSheetPage },
      { path: '/portal/exam/:examId/result', Component: () => <div data-testid="result-page" /> },
    ],
    { initialEntries: [{ pathname: url, state }] },
  );
  render(
    <QueryClientProvider client={client}>
      <Feedback />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const text = (p: number) => screen.getByTestId(`answer-${p}-text`) as HTMLTextAreaElement;

// Two shared cores: waits give a slow render time rather than fail it.
configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  api.sheet.mockReset();
  api.save.mockReset().mockResolvedValue({ savedAt: new Date().toISOString(), remainingSeconds: 590, status: 'ongoing' });
});

describe('the answer sheet page', () => {
  it('uses the sheet the start answered without asking again, then forgets it (a reload asks the server)', async () => {
    const router = renderPage('/portal/exam/3/attempt/12', { sheet: sheetOf() });
    await screen.findByTestId('answer-sheet');
    expect(api.sheet).not.toHaveBeenCalled();
    expect(screen.getByTestId('sheet-exam-name').textContent).toBe('Crane signals');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('after a reload: the server sheet with its answers, and the changes kept on this device are shown and re-sent', async () => {
    localStorage.setItem(autosaveStorageKey(12), JSON.stringify({ 2: { answer: { text: 'typed before the crash' }, flagged: true, seq: 9 } }));
    api.sheet.mockResolvedValue(sheetOf());
    renderPage('/portal/exam/3/attempt/12');
    await screen.findByTestId('answer-sheet');
    expect(api.sheet).toHaveBeenCalledWith(12);
    expect(text(1).value).toBe('saved on the server');
    expect(text(2).value).toBe('typed before the crash');
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save.mock.calls[0]![0].answers).toEqual([{ position: 2, answer: { text: 'typed before the crash' }, flagged: true, seq: 9 }]);
    await waitFor(() => expect(localStorage.getItem(autosaveStorageKey(12))).toBeNull());
  });

  it('an attempt the server already submitted goes to its result', async () => {
    api.sheet.mockRejectedValue(new ApiError('REPEAT_SUBMIT_ERROR', 0, 400));
    const router = renderPage('/portal/exam/3/attempt/12');
    await screen.findByTestId('result-page');
    expect(router.state.location.search).toBe('?attempt=12');
  });

  it('submitting while answers cannot be saved keeps the sheet open and says so', async () => {
    api.sheet.mockResolvedValue(sheetOf());
    api.save.mockRejectedValue(new ApiError('SERVER_ERROR', 500, 500));
    renderPage('/portal/exam/3/attempt/12');
    await screen.findByTestId('answer-sheet');
    fireEvent.change(text(2), { target: { value: 'draft' } });
    fireEvent.click(screen.getByTestId('submit'));
    fireEvent.click(await screen.findByTestId('submit-confirm-ok'));
    await waitFor(() => expect(document.body.textContent).toContain('部分答案尚未保存'));
    expect(api.submit).not.toHaveBeenCalled();
    expect(screen.getByTestId('answer-sheet')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(autosaveStorageKey(12))!)[2].answer).toEqual({ text: 'draft' });
  });
});
