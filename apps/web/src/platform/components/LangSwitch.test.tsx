// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileRoutes } from '@hanlin/shared';
import { session } from '../session';
import { currentLang, setLang } from '../i18n';
import { renderAt } from '../kernel/testing/render';
import { fakeApi } from '../kernel/testing/fake-api';
import { LangSwitch } from './LangSwitch';

async function pick(testId: string) {
  fireEvent.click(screen.getByTestId('lang-switch'));
  fireEvent.click(await screen.findByTestId(testId));
}

describe('language switch', () => {
  afterEach(async () => {
    session.clear();
    await setLang('zh-CN');
  });

  it('a signed-in user switching the interface tells the server (their mails come in it)', async () => {
    session.set({ token: 't', user: { id: 3, realname: 'Ana' } as never });
    const api = fakeApi();
    renderAt('/list', () => <LangSwitch />);
    await pick('lang-pt');
    await waitFor(() => expect(api.last(profileRoutes.language)).toEqual({ language: 'pt' }));
    expect(currentLang()).toBe('pt');
  });

  it('on the login page (nobody signed in) the switch stays in the browser', async () => {
    const api = fakeApi();
    renderAt('/list', () => <LangSwitch />);
    await pick('lang-en-US');
    await waitFor(() => expect(currentLang()).toBe('en-US'));
    expect(api.sent(profileRoutes.language)).toEqual([]);
  });
});
