// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { expectRows } from '../../platform/kernel/testing/list';
import { registrationRoutes } from '@hanlin/shared';
import RegistrationListPage from './manage/RegistrationListPage';
import RegistrationDetailPage from './manage/RegistrationDetailPage';

describe('registrations', () => {
  it('the list of employee sign-ups asks for employees and offers refuse only where the row allows it', async () => {
    session.set({ operateAuth: ['zcyh', 'zcyh:approve'] });
    const api = fakeApi().rows(registrationRoutes.list, [
      { username: 'new-welder', abilities: { approve: true, refuse: true } },
      { username: 'old-driver', abilities: { approve: false, refuse: false } },
    ]);
    renderAt('/dashboard/registered-user', () => <RegistrationListPage />, { path: '/dashboard/registered-user' });
    await expectRows('registration-row-username', ['new-welder', 'old-driver']);
    expect(api.last(registrationRoutes.list)).toMatchObject({ kind: 'employee' });
    expect(screen.getAllByTestId('registration-row-refuse')).toHaveLength(1);
  });

  it('the detail page approves a pending sign-up after confirmation', async () => {
    session.set({ operateAuth: ['zcyh', 'zcyh:approve'] });
    const api = fakeApi().on(registrationRoutes.get, sample(registrationRoutes.get.response, { id: 21, username: 'new-welder', abilities: { approve: true, refuse: true } }));
    renderAt('/list?id=21', () => <RegistrationDetailPage />);
    fireEvent.click(await screen.findByTestId('registration-approve'));
    fireEvent.click(await screen.findByTestId('registration-approve-ok'));
    await waitFor(() => expect(api.last(registrationRoutes.approve)).toEqual({ ids: [21] }));
  });

  it('the detail page of a decided sign-up offers neither approve nor refuse', async () => {
    fakeApi().on(registrationRoutes.get, sample(registrationRoutes.get.response, { id: 22, username: 'old-driver', abilities: { approve: false, refuse: false } }));
    renderAt('/list?id=22', () => <RegistrationDetailPage />);
    expect(await screen.findByText('old-driver')).toBeTruthy();
    expect(screen.queryByTestId('registration-approve')).toBeNull();
    expect(screen.queryByTestId('registration-refuse')).toBeNull();
  });

  it('refusing needs a reason by the shared rule; the reason is sent trimmed with the id', async () => {
    session.set({ operateAuth: ['zcyh', 'zcyh:approve'] });
    const api = fakeApi().on(registrationRoutes.get, sample(registrationRoutes.get.response, { id: 23, username: 'new-welder', abilities: { approve: true, refuse: true } }));
    renderAt('/list?id=23', () => <RegistrationDetailPage />);
    fireEvent.click(await screen.findByTestId('registration-refuse'));
    const reason = await screen.findByTestId('registration-reason');
    fireEvent.click(screen.getByTestId('registration-refuse-ok'));
    await waitFor(() => expect(reason.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(api.last(registrationRoutes.refuse)).toBeUndefined();
    fireEvent.change(reason, { target: { value: '  No such department  ' } });
    fireEvent.click(screen.getByTestId('registration-refuse-ok'));
    await waitFor(() => expect(api.last(registrationRoutes.refuse)).toEqual({ ids: [23], reason: 'No such department' }));
  });
});
