// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('at 1440 px the user list shows phone and e-mail by default, cut to narrow columns with the whole text on hover', async () => {
    localStorage.clear();
    session.set({ operateAuth: ['yhgl', 'yhgl:modify'] });
    const email = 'zhang.san.with.a.rather.long.mailbox@training-department.example.com';
    fakeApi().rows(employeeRoutes.list, [{ username: 'zhang.san', phone: '13912345678', email }]);
    renderAt('/list', () => <UserListPage />);
    await expectRows('user-row-username', ['zhang.san']);
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
    // Below 1600 px (happy-dom's window is 1024 px, a 1440 px screen is below too) the employee number, post, roles and
    // creation time give way (the column chooser brings them back); phone and e-mail stay.
    await waitFor(() => expect(headers()).toEqual(['用户名', '姓名', '所属组织', '手机号', '邮箱', '状态', '操作']));
    const phone = screen.getByTestId('cell-ellipsis-phone');
    const mail = screen.getByTestId('cell-ellipsis-email');
    expect(phone.textContent).toBe('13912345678');
    expect(parseInt(phone.style.maxWidth)).toBeLessThanOrEqual(120);
    expect(parseInt(mail.style.maxWidth)).toBeLessThanOrEqual(120);
    fireEvent.mouseEnter(mail);
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe(email));
  });
});
