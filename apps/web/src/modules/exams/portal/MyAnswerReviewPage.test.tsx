// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { examGradeRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import MyAnswerReviewPage from './MyAnswerReviewPage';

const path = { path: '/center/review/:attemptId' };

describe('my answer review', () => {
  it('shows my submitted attempt with its score and whether I passed', async () => {
    const api = fakeApi().on(
      examGradeRoutes.myReview,
      sample(examGradeRoutes.myReview.response, { examName: 'Forklift exam', status: 'marked', score: 86, total: 100, passed: true }),
    );
    renderAt('/center/review/31', () => <MyAnswerReviewPage />, path);
    expect((await screen.findByTestId('my-review-page')).textContent).toContain('Forklift exam');
    const score = screen.getByTestId('my-review-score').textContent ?? '';
    expect(score).toContain('86');
    expect(score).toContain(i18next.t('examResults.passed'));
    expect(api.last(examGradeRoutes.myReview)).toEqual({ attemptId: 31 });
  });

  it('says the score is being marked while reviewers still mark it', async () => {
    fakeApi().on(examGradeRoutes.myReview, sample(examGradeRoutes.myReview.response, { status: 'marking', score: null }));
    renderAt('/center/review/31', () => <MyAnswerReviewPage />, path);
    expect((await screen.findByTestId('my-review-score-hidden')).textContent).toBe(i18next.t('examResults.marking'));
  });

  it('says the exam keeps its answers hidden when the server refuses the review', async () => {
    fakeApi().fail(examGradeRoutes.myReview, 'NO_DATA_PERMISSION_ERROR');
    renderAt('/center/review/31', () => <MyAnswerReviewPage />, path);
    expect((await screen.findByTestId('my-review-hidden')).textContent).toContain(i18next.t('examResults.reviewHidden'));
  });
});
