// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { employeeRoutes, studentUserRoutes } from '@hanlin/shared';
import UserListPage from './manage/UserListPage';
import StudentListPage from './manage/StudentListPage';

describe('people', () => {
  it('the user list shows the employees the server sends and searches by keyword', async () => {
    session.set({ operateAuth: ['yhgl', 'yhgl:modify'] });
    const api = fakeApi().rows(employeeRoutes.list, [{ username: 'zhang.san' }, { username: 'li.si' }]);
    renderAt('/list', () => <UserListPage />);
    await expectRows('user-row-username', ['zhang.san', 'li.si']);
    await searchBy('filter-keyword', 'zhang', () => api.last(employeeRoutes.list), { keyword: 'zhang' });
  });

  it('the student list asks the students route, not the employees one', async () => {
    session.set({ operateAuth: ['xsgl'] });
    const api = fakeApi().rows(studentUserRoutes.list, [{ username: 'wang.wu' }]);
    renderAt('/list', () => <StudentListPage />);
    expect(await screen.findByText('wang.wu')).toBeTruthy();
    expect(api.sent(employeeRoutes.list)).toEqual([]);
  });
});
