// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { searchBy } from '../../platform/kernel/testing/list';
import { monitoringRoutes } from '@hanlin/shared';
import MonitoredExamsPage from './manage/MonitoredExamsPage';

describe('exam monitoring', () => {
  it('lists the monitored exams, searches them and opens the monitoring of one', async () => {
    session.set({ operateAuth: ['jkgl'] });
    const api = fakeApi().rows(monitoringRoutes.exams, [{ id: 17, name: 'Forklift licence' }]);
    const view = renderAt('/list', () => <MonitoredExamsPage />);
    expect(await screen.findByText('Forklift licence')).toBeTruthy();
    await searchBy('monitoring-filter-keyword', 'fork', () => api.last(monitoringRoutes.exams), { keyword: 'fork' });
    fireEvent.click(screen.getByTestId('monitoring-view'));
    await waitFor(() => expect(view.router.state.location.search).toBe('?id=17'));
  });
});
