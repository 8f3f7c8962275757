// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, authRoutes } from '@hanlin/shared';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { serverKeys } from '../../platform/kernel/testing/rsa';
import PasswordSetPage from './PasswordSetPage';

const { publicKey, decrypt } = serverKeys();

function type(old: string, next: string, confirm: string) {
  fireEvent.change(screen.getByTestId('pwd-old'), { target: { value: old } });
  fireEvent.change(screen.getByTestId('pwd-new'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('pwd-confirm'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('pwd-submit'));
}

describe('person center: change password', () => {
  it('refuses a new password equal to the old one or a confirmation that differs, then sends both encrypted', async () => {
    const api = fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' });
    renderAt('/list', () => <PasswordSetPage />);
    await screen.findByTestId('password-form');
    type('Old-pass1', 'Old-pass1', 'Old-pass1');
    await waitFor(() => expect(formErrors()).toContain(ERRORS.PASSWORD_SAME_AS_OLD.text['zh-CN']));
    type('Old-pass1', 'New-pass2', 'New-pass3');
    await waitFor(() => expect(formErrors()).toContain(ERRORS.PASSWORD_NOT_MATCH.text['zh-CN']));
    expect(api.sent(authRoutes.changePassword)).toHaveLength(0);
    type('Old-pass1', 'New-pass2', 'New-pass2');
    await waitFor(() => expect(api.sent(authRoutes.changePassword)).toHaveLength(1));
    const sent = api.last(authRoutes.changePassword)!;
    expect(decrypt(sent.oldPassword)).toBe('Old-pass1');
    expect(decrypt(sent.newPassword)).toBe('New-pass2');
  });
});
