// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, authRoutes, passwordResetRoutes } from '@hanlin/shared';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { serverKeys } from '../../platform/kernel/testing/rsa';
import ResetPasswordPage from './ResetPasswordPage';

const { publicKey, decrypt } = serverKeys();
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('forgot password', () => {
  it('goes from the account to an e-mailed code to a new password, refusing a weak one, and sends it encrypted with the token', async () => {
    const api = fakeApi()
      .on(authRoutes.publicKey, { publicKey, signSalt: 's' })
      .on(passwordResetRoutes.channels, sample(passwordResetRoutes.channels.response, { channels: ['email'] }))
      .on(passwordResetRoutes.check, sample(passwordResetRoutes.check.response, { channels: ['email'] }))
      .on(passwordResetRoutes.verify, sample(passwordResetRoutes.verify.response, { resetToken: 'tok-9' }));
    const { router } = renderAt('/list', () => <ResetPasswordPage />);
    fill('reset-username', ' zhangsan ');
    fireEvent.click(screen.getByTestId('reset-next'));
    await waitFor(() => expect(api.last(passwordResetRoutes.check)).toEqual({ username: 'zhangsan' }));
    fireEvent.click(await screen.findByTestId('reset-send'));
    await waitFor(() => expect(api.last(passwordResetRoutes.send)).toEqual({ username: 'zhangsan', method: 'code' }));
    fill('reset-code', '123456');
    fireEvent.click(screen.getByTestId('reset-verify'));
    await waitFor(() => expect(api.last(passwordResetRoutes.verify)).toEqual({ username: 'zhangsan', code: '123456' }));
    await screen.findByTestId('reset-password-form');
    fill('reset-password', 'short');
    fill('reset-confirm', 'short');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(formErrors()).toContain(ERRORS.PASSWORD_FORMAT_ERROR.text['zh-CN']));
    expect(api.sent(passwordResetRoutes.confirm)).toHaveLength(0);
    fill('reset-password', 'New-pass2');
    fill('reset-confirm', 'New-pass2');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(api.sent(passwordResetRoutes.confirm)).toHaveLength(1));
    const sent = api.last(passwordResetRoutes.confirm)!;
    expect(sent.resetToken).toBe('tok-9');
    expect(decrypt(sent.password)).toBe('New-pass2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says whom to ask when the site has no way to verify anyone', async () => {
    fakeApi().on(passwordResetRoutes.channels, sample(passwordResetRoutes.channels.response, { channels: [], contact: 'IT desk, ext. 1234' }));
    renderAt('/list', () => <ResetPasswordPage />);
    expect((await screen.findByTestId('reset-no-channel')).textContent).toContain('IT desk, ext. 1234');
  });
});
