// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { ERRORS, LDAP_DEFAULT_MAPPING, ldapRoutes } from '@hanlin/shared';
import LdapPage from './manage/LdapPage';

describe('LDAP settings', () => {
  it('shows the saved directory, tests the connection with it and says when the server cannot bind', async () => {
    session.set({ operateAuth: ['ldap', 'ldap:modify'] });
    const api = fakeApi()
      .on(
        ldapRoutes.getSettings,
        sample(ldapRoutes.getSettings.response, {
          configured: true,
          enabled: true,
          url: 'ldap://dir.example.com:389',
          bindDn: 'cn=admin,dc=example,dc=com',
          passwordSet: true,
        }),
      )
      .fail(ldapRoutes.test, 'LDAP_CONNECT_FAILED');
    renderAt('/list', () => <LdapPage />);
    const url = (await screen.findByTestId('ldap-url')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('ldap://dir.example.com:389'));
    fireEvent.click(screen.getByTestId('ldap-test'));
    await waitFor(() => expect(api.last(ldapRoutes.test)).toMatchObject({ url: 'ldap://dir.example.com:389', bindDn: 'cn=admin,dc=example,dc=com' }));
    expect((await screen.findByTestId('ldap-test-failed')).textContent).toContain(ERRORS.LDAP_CONNECT_FAILED.text['zh-CN']);
  });

  it('an address the shared schema refuses is shown on its field and nothing is sent; a refusal naming a field lands on it; changes not saved ask before leaving, saved ones do not', async () => {
    session.set({ operateAuth: ['ldap', 'ldap:modify'] });
    const view = sample(ldapRoutes.getSettings.response, {
      configured: true,
      enabled: true,
      url: 'ldap://dir.example.com:389',
      bindDn: 'cn=admin,dc=example,dc=com',
      baseDn: 'dc=example,dc=com',
      passwordSet: true,
      mapping: LDAP_DEFAULT_MAPPING,
    });
    const api = fakeApi().on(ldapRoutes.getSettings, view).fail(ldapRoutes.saveSettings, 'PARAMETER_INVALID', 'baseDn');
    const { router } = renderAt('/list', () => <LdapPage />);
    const url = await screen.findByTestId<HTMLInputElement>('ldap-url');
    await waitFor(() => expect(url.value).toBe('ldap://dir.example.com:389'));
    const fieldOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')!;

    fireEvent.change(url, { target: { value: 'http://dir.example.com' } });
    fireEvent.click(screen.getByTestId('ldap-submit'));
    await waitFor(() => expect(fieldOf('ldap-url').querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(formErrors()).toHaveLength(1);
    expect(api.last(ldapRoutes.saveSettings)).toBeUndefined();

    fireEvent.change(url, { target: { value: 'ldaps://dir.example.com:636' } });
    fireEvent.click(screen.getByTestId('ldap-submit'));
    await waitFor(() => expect(api.last(ldapRoutes.saveSettings)).toMatchObject({ url: 'ldaps://dir.example.com:636', baseDn: 'dc=example,dc=com' }));
    await waitFor(() => expect(fieldOf('ldap-baseDn').textContent).toContain(ERRORS.PARAMETER_INVALID.text['zh-CN']));

    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(await screen.findByTestId('leave-confirm-cancel'));
    expect(router.state.location.pathname).toBe('/list');
    expect(url.value).toBe('ldaps://dir.example.com:636');

    api.on(ldapRoutes.saveSettings, { ...view, url: 'ldaps://dir.example.com:636' });
    fireEvent.click(screen.getByTestId('ldap-submit'));
    await waitFor(() => expect(api.sent(ldapRoutes.saveSettings)).toHaveLength(2));
    await screen.findByText('保存成功');
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.getByTestId<HTMLInputElement>('ldap-url').value).toBe('ldaps://dir.example.com:636');
    await act(() => router.navigate('/elsewhere'));
    await screen.findByTestId('elsewhere');
  });
});
