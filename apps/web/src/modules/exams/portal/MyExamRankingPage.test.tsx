// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MyRanking } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { ApiError } from '../../../platform/api/errors';

const ranking: MyRanking = {
  examId: 3,
  examName: 'Site safety',
  total: 10,
  rows: [
    { rank: 1, userId: 1, realname: 'Ben', orgName: 'Workshop', score: 9, passed: true, submittedAt: null },
    { rank: 2, userId: 2, realname: 'Ann', orgName: 'Workshop', score: 7, passed: true, submittedAt: null },
  ],
  mine: { rank: 2, userId: 2, realname: 'Ann', orgName: 'Workshop', score: 7, passed: true, submittedAt: null },
};
vi.mock('../results-api', () => ({
  getMyRanking: async (examId: number) => {
    if (examId === 3) return ranking;
    throw new ApiError('NO_DATA_PERMISSION_ERROR', 1008, 403);
  },
}));
const { default: MyExamRankingPage } = await import('./MyExamRankingPage');

describe('the student ranking page', () => {
  it('shows the places and my own one', async () => {
    renderAt('/list?examId=3', () => <MyExamRankingPage />);
    expect(await screen.findByTestId('my-ranking-page')).toBeTruthy();
    expect(screen.getAllByTestId('my-ranking-row')).toHaveLength(2);
    expect(screen.getByTestId('my-ranking-mine').textContent).toContain('Ann');
  });

  it('says so when the exam does not show its ranking', async () => {
    renderAt('/list?examId=4', () => <MyExamRankingPage />);
    expect(await screen.findByTestId('my-ranking-hidden')).toBeTruthy();
  });
});
