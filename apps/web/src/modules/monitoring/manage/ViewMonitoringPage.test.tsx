// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ExamineeRowSchema, monitoringRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import ViewMonitoringPage from './ViewMonitoringPage';

describe('exam monitoring', () => {
  it("shows the exam's examinees with their state, progress and time left, and leads to a person's photos", async () => {
    const answer = sample(monitoringRoutes.examinees.response, {
      records: [
        sample(ExamineeRowSchema, {
          userId: 1,
          realname: 'Li Lei',
          username: 'lilei',
          state: 'taking',
          attemptId: 31,
          answered: 5,
          questions: 20,
          remainingSeconds: 605,
          photoCount: 4,
        }),
        sample(ExamineeRowSchema, {
          userId: 2,
          realname: 'Han Mei',
          username: 'hanmei',
          state: 'notStarted',
          attemptId: null,
          answered: 0,
          questions: 0,
          remainingSeconds: null,
        }),
      ],
      total: 2,
      exam: { ...sample(monitoringRoutes.examinees.response).exam, id: 6, name: 'Forklift exam', taking: 1, notStarted: 1 },
    });
    const api = fakeApi().on(monitoringRoutes.examinees, answer);
    const { router } = renderAt('/list?id=6', () => <ViewMonitoringPage />);
    expect(await screen.findByText('Li Lei (lilei)')).toBeTruthy();
    expect(screen.getByText('Forklift exam')).toBeTruthy();
    expect(screen.getByTestId('examinee-state-taking')).toBeTruthy();
    expect(screen.getByTestId('examinee-state-notStarted')).toBeTruthy();
    expect(screen.getByText('5/20')).toBeTruthy();
    expect(screen.getByText('10:05')).toBeTruthy();
    expect(api.last(monitoringRoutes.examinees)).toMatchObject({ examId: 6, page: 1 });
    // Only a person who has an attempt has photos to see.
    expect(screen.getAllByTestId('monitoring-photos')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('monitoring-photos'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/user-monitoring-photo?attemptId=31'));
  });
});
