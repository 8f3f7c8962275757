// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { searchBy } from '../../platform/kernel/testing/list';
import { roleRoutes } from '@hanlin/shared';
import RoleListPage from './manage/RoleListPage';

describe('roles', () => {
  it('the list shows the roles, marks built-in ones and searches by keyword', async () => {
    session.set({ operateAuth: ['rzjs', 'rzjs:modify'] });
    const api = fakeApi().rows(roleRoutes.list, [
      { name: 'Auditors', builtin: false },
      { name: 'Trainers', builtin: true },
    ]);
    renderAt('/list', () => <RoleListPage />);
    await waitFor(() => expect(screen.getAllByTestId('role-row-name')).toHaveLength(2));
    expect(screen.getAllByTestId('role-row-name')[1]!.textContent).toContain('内置');
    await searchBy('role-filter-keyword', 'audit', () => api.last(roleRoutes.list), { keyword: 'audit' });
  });
});
