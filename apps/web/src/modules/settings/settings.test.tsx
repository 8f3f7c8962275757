// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { settingsRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import LoginSettingsPage from './manage/LoginSettingsPage';

describe('settings', () => {
  it('the login settings show what the server holds', async () => {
    session.set({ operateAuth: ['dlsz', 'dlsz:modify'] });
    fakeApi().on(settingsRoutes.getLogin, sample(settingsRoutes.getLogin.response, { maxWrongPasswords: 5, lockMinutes: 10, captchaEnabled: true }));
    renderAt('/list', () => <LoginSettingsPage />);
    const lock = (await screen.findByTestId('settings-lockMinutes')) as HTMLInputElement;
    await waitFor(() => expect(lock.value).toBe('10'));
    expect((screen.getByTestId('settings-maxWrongPasswords') as HTMLInputElement).value).toBe('5');
    expect(screen.getByTestId('settings-captchaEnabled').getAttribute('aria-checked')).toBe('true');
  });
});
