// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { assignmentRoutes } from '@hanlin/shared';
import AssignmentListPage from './manage/AssignmentListPage';

describe('learning assignments', () => {
  it('the list shows the assignments, searches by keyword and leads to an assignment progress', async () => {
    session.set({ operateAuth: ['xxzp', 'xxzp:modify'] });
    const api = fakeApi().rows(assignmentRoutes.list, [{ id: 41, title: 'Winter safety' }, { title: 'Onboarding' }]);
    const view = renderAt('/list', () => <AssignmentListPage />);
    await expectRows('assignment-row-title', ['Winter safety', 'Onboarding']);
    await searchBy('assignment-filter-keyword', 'winter', () => api.last(assignmentRoutes.list), { keyword: 'winter' });
    fireEvent.click(screen.getAllByTestId('assignment-view-progress')[0]!);
    await waitFor(() => expect(view.router.state.location.search).toBe('?id=41'));
  });
});
