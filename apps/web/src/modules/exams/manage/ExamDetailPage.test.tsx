// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXAM_LIFECYCLE, examRoutes, type ExamDetail } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import ExamDetailPage from './ExamDetailPage';

const exam = (over: Partial<ExamDetail>) =>
  sample(examRoutes.get.response, { id: 7, name: 'Forklift exam', passPercent: 60, reviewers: [{ id: 3, name: 'Ms. Lin' }], ...over });

describe('exam detail', () => {
  it('shows the settings of the exam of its address and edit when the exam allows it', async () => {
    const api = fakeApi().on(examRoutes.get, exam({ status: 'published', abilities: EXAM_LIFECYCLE.abilities('published') }));
    const { router } = renderAt('/list?id=7', () => <ExamDetailPage />);
    const detail = await screen.findByTestId('exam-detail');
    expect(detail.textContent).toContain('Forklift exam');
    expect(detail.textContent).toContain('60%');
    expect(detail.textContent).toContain('Ms. Lin');
    expect(screen.getByTestId('exam-detail-status-published')).toBeTruthy();
    expect(api.last(examRoutes.get)).toMatchObject({ id: 7 });
    fireEvent.click(screen.getByTestId('exam-detail-edit'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/add-test?id=7'));
  });

  it('offers no edit for an exam that has ended', async () => {
    fakeApi().on(examRoutes.get, exam({ status: 'ended', abilities: EXAM_LIFECYCLE.abilities('ended') }));
    renderAt('/list?id=7', () => <ExamDetailPage />);
    await screen.findByTestId('exam-detail-status-ended');
    expect(screen.queryByTestId('exam-detail-edit')).toBeNull();
  });
});
