// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { examGradeRoutes } from '@hanlin/shared';
import { session } from '../../../../platform/session';
import { renderAt } from '../../../../platform/kernel/testing/render';
import { fakeApi } from '../../../../platform/kernel/testing/fake-api';
import GradeListPage from './GradeListPage';

describe('grade list', () => {
  it('shows the exams with their results, and offers publishing scores only where the row allows it', async () => {
    session.set({ operateAuth: ['cjgl', 'cjgl:modify'] });
    const api = fakeApi().rows(examGradeRoutes.gradeList, [
      { id: 6, name: 'Forklift exam', passRate: 75, average: 81, abilities: { publishScores: true } },
      { id: 7, name: 'Safety exam', passRate: null, average: null, abilities: { publishScores: false } },
    ]);
    renderAt('/list', () => <GradeListPage />);
    await waitFor(() => expect(screen.getByText('Forklift exam')).toBeTruthy());
    const forklift = screen.getByText('Forklift exam').closest('tr')!;
    expect(forklift.textContent).toContain('75%');
    expect(forklift.textContent).toContain('81');
    expect(screen.getByTestId('publish-scores-6')).toBeTruthy();
    expect(screen.queryByTestId('publish-scores-7')).toBeNull();
    fireEvent.click(screen.getByTestId('publish-scores-6'));
    fireEvent.click(await screen.findByText(/^(OK|确 ?定)$/));
    await waitFor(() => expect(api.last(examGradeRoutes.publishScores)).toEqual({ examId: 6 }));
  });
});
