// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { ERRORS, ldapRoutes } from '@hanlin/shared';
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
});
