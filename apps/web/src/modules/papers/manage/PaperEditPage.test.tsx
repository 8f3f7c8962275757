// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaperDetail } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';

const paper: PaperDetail = {
  id: 7,
  name: 'Safety basics',
  kind: 'free',
  total: 9,
  questionCount: 3,
  hasSubjective: false,
  orgName: null,
  creatorName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  abilities: { modify: true, delete: true },
  items: [{ questionId: 11, score: 5, type: 'judgment', stem: '<p>Helmets are required</p>', difficulty: 'easy' }],
  rules: [{ categoryId: 3, categoryName: 'Bank', type: 'single', difficulty: null, labels: [], count: 2, score: 2, available: 10 }],
};
const updatePaper = vi.fn(async (_body: unknown) => null);
vi.mock('../api', () => ({
  getBanks: async () => [{ id: 3, name: 'Bank', parentId: null, sort: 0, children: [] }],
  getPaperById: async () => paper,
  findApprovedQuestions: async () => ({ records: [], total: 0, page: 1, size: 20 }),
  insertPaper: async () => ({ id: 1 }),
  updatePaper: (body: unknown) => updatePaper(body),
}));

const { default: PaperEditPage } = await import('./PaperEditPage');

describe('add-paper form', () => {
  it('shows the hand-picked questions and rules, computes the total as scores change, and saves both', async () => {
    const { router } = renderAt('/list?id=7', () => <PaperEditPage />);
    expect(await screen.findByText('Helmets are required')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('paper-total').textContent).toContain('9'));
    // The rules say why a question without a classification is never drawn.
    expect(screen.getByText(/未分类的试题不属于任何题库，不会被抽取/)).toBeTruthy();
    // 5 + 2 × 2 = 9; the hand-picked question's score becomes 2.5 (rounded to a multiple the server accepts): 6.5.
    fireEvent.change(screen.getByTestId('paper-item-score'), { target: { value: '2.5' } });
    await waitFor(() => expect(screen.getByTestId('paper-total').textContent).toContain('6.5'));
    fireEvent.click(screen.getByTestId('paper-save'));
    await waitFor(() => expect(updatePaper).toHaveBeenCalled());
    expect(updatePaper.mock.calls[0]![0]).toMatchObject({
      id: 7,
      name: 'Safety basics',
      kind: 'free',
      items: [{ questionId: 11, score: 2.5 }],
      rules: [{ categoryId: 3, type: 'single', count: 2, score: 2, labels: [] }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-test-paper'));
  });
});
