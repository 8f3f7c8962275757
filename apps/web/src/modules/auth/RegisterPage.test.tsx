// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { ERRORS, authRoutes, registrationRoutes } from '@hanlin/shared';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { serverKeys } from '../../platform/kernel/testing/rsa';
import RegisterPage from './RegisterPage';

const { publicKey, decrypt } = serverKeys();
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function typeForm(email: string) {
  fill('register-username', 'zhangsan');
  fill('register-realname', 'Zhang San');
  fill('register-email', email);
  fill('register-password', 'Pass-word1');
  fill('register-confirm', 'Pass-word1');
  fill('register-captcha', 'ab12');
  fireEvent.click(screen.getByTestId('register-submit'));
}

describe('self-registration', () => {
  it('refuses a malformed e-mail, then sends the registration with the password encrypted and says it awaits review', async () => {
    const api = fakeApi()
      .on(authRoutes.publicKey, { publicKey, signSalt: 's' })
      .on(authRoutes.captcha, sample(authRoutes.captcha.response, { captchaKey: 'cap-1' }));
    renderAt('/list', () => <RegisterPage />);
    await screen.findByTestId('register-form');
    await waitFor(() => expect(api.sent(authRoutes.captcha).length).toBeGreaterThan(0));
    typeForm('not-an-email');
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(registrationRoutes.submit)).toHaveLength(0);
    typeForm('zhangsan@example.com');
    await waitFor(() => expect(api.sent(registrationRoutes.submit)).toHaveLength(1));
    const sent = api.last(registrationRoutes.submit)!;
    expect(sent).toMatchObject({ username: 'zhangsan', realname: 'Zhang San', email: 'zhangsan@example.com', kind: 'student', captcha: 'ab12', captchaKey: 'cap-1' });
    expect(decrypt(sent.password)).toBe('Pass-word1');
    expect((await screen.findByTestId('register-done')).textContent).toContain(i18next.t('register.done'));
  });

  it('shows the server refusing the name on the name field and stays on the form', async () => {
    const api = fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' }).fail(registrationRoutes.submit, 'REGISTRATION_SUBMIT_ERROR', 'username');
    renderAt('/list', () => <RegisterPage />);
    await screen.findByTestId('register-form');
    typeForm('zhangsan@example.com');
    await waitFor(() => expect(api.sent(registrationRoutes.submit)).toHaveLength(1));
    await waitFor(() => expect(formErrors()).toEqual([ERRORS.REGISTRATION_SUBMIT_ERROR.text['zh-CN']]));
    expect(screen.queryByTestId('register-done')).toBeNull();
  });
});
