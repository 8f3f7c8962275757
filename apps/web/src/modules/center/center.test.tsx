// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { profileRoutes } from '@hanlin/shared';
import ProfilePage from './ProfilePage';

describe('personal center', () => {
  it('the profile form sends the trimmed name, leaves an empty phone out, and refuses a malformed e-mail', async () => {
    session.set({ token: 't', user: { id: 3, realname: 'Old Name' } as never });
    const api = fakeApi();
    renderAt('/list', () => <ProfilePage />);
    const name = (await screen.findByTestId('profile-realname')) as HTMLInputElement;
    expect(name.value).toBe('Old Name');
    fireEvent.change(screen.getByTestId('profile-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText(/邮箱|e-mail/i, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(api.sent(profileRoutes.updateInfo)).toEqual([]);
    fireEvent.change(name, { target: { value: ' New Name ' } });
    fireEvent.change(screen.getByTestId('profile-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(api.last(profileRoutes.updateInfo)).toEqual({ realname: 'New Name', email: 'new@example.com' }));
    await waitFor(() => expect(session.get().user?.realname).toBe('New Name'));
  });
});
