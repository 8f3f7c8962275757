// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { roleRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import RoleEditPage from './RoleEditPage';

const codes = ['rzjs', 'rzjs:add', 'rzjs:modify'];

describe('role form', () => {
  it('refuses a role without a name, then creates it able to log in with no permission yet', async () => {
    session.set({ operateAuth: codes });
    const api = fakeApi();
    const { router } = renderAt('/list', () => <RoleEditPage />);
    fireEvent.click(await screen.findByTestId('role-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(roleRoutes.insert)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'Reviewer' } });
    fireEvent.click(screen.getByTestId('role-submit'));
    await waitFor(() => expect(api.last(roleRoutes.insert)).toMatchObject({ name: 'Reviewer', canLogin: true, permissions: [], dataOrgIds: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-role'));
  });

  it('keeps the name of a built-in role: the field is locked and the update leaves it out', async () => {
    session.set({ operateAuth: codes });
    const role = sample(roleRoutes.get.response, { id: 2, builtin: true, name: 'Lecturer', description: 'Teaches', canLogin: true, permissions: [], dataOrgIds: [] });
    const api = fakeApi().on(roleRoutes.get, role);
    renderAt('/list?id=2', () => <RoleEditPage />);
    const name = (await screen.findByTestId('role-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Lecturer'));
    expect(name.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('role-description'), { target: { value: 'Teaches courses' } });
    fireEvent.click(screen.getByTestId('role-submit'));
    await waitFor(() => expect(api.last(roleRoutes.update)).toMatchObject({ id: 2, description: 'Teaches courses' }));
    expect(api.last(roleRoutes.update)?.name).toBeUndefined();
  });

  it('shows a role read only, without save, when opened to view', async () => {
    session.set({ operateAuth: codes });
    fakeApi().on(roleRoutes.get, sample(roleRoutes.get.response, { id: 3, builtin: false, name: 'Auditor', permissions: [], dataOrgIds: [] }));
    renderAt('/list?id=3&view=1', () => <RoleEditPage />);
    await waitFor(() => expect((screen.getByTestId('role-name') as HTMLInputElement).value).toBe('Auditor'));
    expect((screen.getByTestId('role-name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('role-submit')).toBeNull();
  });
});
