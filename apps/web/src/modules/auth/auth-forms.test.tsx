// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import crypto from 'node:crypto';
import { ERRORS, authRoutes, passwordResetRoutes, registrationRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import LoginPage from './LoginPage';
import { PasswordChangeForm } from './PasswordChangeForm';
import ResetPasswordPage from './ResetPasswordPage';
import RegisterPage from './RegisterPage';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const decrypt = (b64: unknown) =>
  crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(String(b64), 'base64')).toString('utf8');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const text = (name: keyof typeof ERRORS) => ERRORS[name].text['zh-CN'];
/** The form item holding the control of `testId` (its error shows there). */
const itemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')!;
const REQUIRED = '此项为必填项';

describe('auth forms from the shared schemas', () => {
  it('login: an empty name is refused by the shared rule (its text names the field) and nothing is sent', async () => {
    session.clear();
    const api = fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' });
    renderAt('/list', () => <LoginPage />);
    await screen.findByTestId('login-form');
    type('login-password', 'S3cret!pass');
    fireEvent.click(screen.getByTestId('login-submit'));
    type('login-username', '   ');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(itemOf('login-username').textContent).toContain('请输入用户名'));
    expect(api.last(authRoutes.login)).toBeUndefined();
  });

  it('change password: the shared password rule and the confirmation block sending; the good form sends both encrypted; the server names the old one', async () => {
    session.clear();
    const api = fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' }).fail(authRoutes.changePassword, 'OLD_PASSWORD_ERROR', 'oldPassword');
    renderAt('/list', () => <PasswordChangeForm />);
    await screen.findByTestId('password-form');
    type('pwd-old', 'Old!pass1');
    type('pwd-new', 'short');
    type('pwd-confirm', 'other');
    fireEvent.click(screen.getByTestId('pwd-submit'));
    await waitFor(() => expect(itemOf('pwd-new').textContent).toContain(text('PASSWORD_FORMAT_ERROR')));
    expect(itemOf('pwd-confirm').textContent).toContain(text('PASSWORD_NOT_MATCH'));
    type('pwd-new', 'Old!pass1');
    type('pwd-confirm', 'Old!pass1');
    fireEvent.click(screen.getByTestId('pwd-submit'));
    await waitFor(() => expect(itemOf('pwd-new').textContent).toContain(text('PASSWORD_SAME_AS_OLD')));
    expect(api.last(authRoutes.changePassword)).toBeUndefined();

    type('pwd-new', 'New!pass2');
    type('pwd-confirm', 'New!pass2');
    fireEvent.click(screen.getByTestId('pwd-submit'));
    await waitFor(() => expect(api.last(authRoutes.changePassword)).toBeTruthy());
    const sent = api.last(authRoutes.changePassword)!;
    expect(Object.keys(sent).sort()).toEqual(['newPassword', 'oldPassword']);
    expect([decrypt(sent.oldPassword), decrypt(sent.newPassword)]).toEqual(['Old!pass1', 'New!pass2']);
    await waitFor(() => expect(itemOf('pwd-old').textContent).toContain(text('OLD_PASSWORD_ERROR')));
  });

  it('reset by link: the new password follows the shared rule, is sent encrypted with the token, and a refusal lands on it', async () => {
    session.clear();
    const api = fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' }).fail(passwordResetRoutes.confirm, 'PASSWORD_SAME_AS_OLD', 'password');
    renderAt('/list?token=tok1', () => <ResetPasswordPage />);
    await screen.findByTestId('reset-password-form');
    type('reset-password', 'abcdefgh');
    type('reset-confirm', 'abcdefgh');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(itemOf('reset-password').textContent).toContain(text('PASSWORD_FORMAT_ERROR')));
    expect(api.last(passwordResetRoutes.confirm)).toBeUndefined();
    type('reset-password', 'abcd1234');
    type('reset-confirm', 'abcd1234');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(api.last(passwordResetRoutes.confirm)).toBeTruthy());
    const sent = api.last(passwordResetRoutes.confirm)!;
    expect(sent.resetToken).toBe('tok1');
    expect(decrypt(sent.password)).toBe('abcd1234');
    await waitFor(() => expect(itemOf('reset-password').textContent).toContain(text('PASSWORD_SAME_AS_OLD')));
  });

  it('register: an employee needs a number (the shared rule); the good form sends the body; a taken name lands on its field', async () => {
    session.clear();
    const api = fakeApi()
      .on(authRoutes.publicKey, { publicKey, signSalt: 's' })
      .on(authRoutes.captcha, { captchaKey: 'k1', svg: '<svg/>' })
      .on(passwordResetRoutes.channels, { channels: [], contact: null })
      .on(registrationRoutes.departments, [])
      .fail(registrationRoutes.submit, 'DUPLICATE_USER_NAME', 'username');
    renderAt('/list', () => <RegisterPage />);
    await screen.findByTestId('register-captcha-image');
    fireEvent.click(screen.getByTestId('register-kind-employee'));
    await screen.findByTestId('register-card-number');
    type('register-username', '  mei ');
    type('register-realname', 'Mei');
    type('register-email', 'mei@example.com');
    type('register-password', 'abcd1234');
    type('register-confirm', 'abcd1234');
    type('register-captcha', 'x7');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(itemOf('register-card-number').textContent).toContain(REQUIRED));
    expect(api.last(registrationRoutes.submit)).toBeUndefined();
    type('register-card-number', 'E42');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(api.last(registrationRoutes.submit)).toBeTruthy());
    const { password, ...sent } = api.last(registrationRoutes.submit)!;
    expect(decrypt(password)).toBe('abcd1234');
    expect(sent).toEqual({ kind: 'employee', username: 'mei', realname: 'Mei', email: 'mei@example.com', cardNumber: 'E42', captcha: 'x7', captchaKey: 'k1' });
    await waitFor(() => expect(itemOf('register-username').textContent).toContain(text('DUPLICATE_USER_NAME')));
  });
});
