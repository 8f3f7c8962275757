// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { searchBy } from '../../platform/kernel/testing/list';
import { auditRoutes } from '@hanlin/shared';
import OperationLogPage from './manage/OperationLogPage';
import LoginLogPage from './manage/LoginLogPage';

describe('audit logs', () => {
  it('the operation log shows who did what, a refused call as a failure, and filters by user name', async () => {
    session.set({ operateAuth: ['rzgl'] });
    const api = fakeApi().rows(auditRoutes.operationLogs, [
      { username: 'ops-admin', operation: 'exam.publish', method: 'POST', path: '/api/exam/publish', status: 200, resultCode: 200 },
      { username: 'ops-clerk', operation: 'user.delete', method: 'POST', path: '/api/user/delete', status: 403, resultCode: 1007 },
    ]);
    renderAt('/list', () => <OperationLogPage />);
    expect(await screen.findByText('ops-admin')).toBeTruthy();
    expect(screen.getByText('POST /api/user/delete')).toBeTruthy();
    expect(screen.getAllByText('失败')).toHaveLength(1);
    await searchBy('audit-filter-username', 'ops-clerk', () => api.last(auditRoutes.operationLogs), { username: 'ops-clerk' });
  });

  it('the login log shows the sign-ins the server sends', async () => {
    session.set({ operateAuth: ['rzgl'] });
    fakeApi().rows(auditRoutes.loginLogs, [{ username: 'night-owl', ip: '10.1.2.3' }]);
    renderAt('/list', () => <LoginLogPage />);
    expect(await screen.findByText('night-owl')).toBeTruthy();
    expect(screen.getByText('10.1.2.3')).toBeTruthy();
  });
});
