// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, appVersionRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import AppVersionListPage from './manage/AppVersionListPage';
import AppVersionEditPage from './manage/AppVersionEditPage';

describe('app versions (management)', () => {
  it('lists the versions the server sends and offers delete only on rows that allow it', async () => {
    session.set({ operateAuth: ['bbgl', 'bbgl:modify', 'bbgl:delete'] });
    fakeApi().rows(appVersionRoutes.list, [
      { version: '2.1.0', abilities: { modify: true, delete: true } },
      { version: '2.0.0', abilities: { modify: true, delete: false } },
    ]);
    renderAt('/list', () => <AppVersionListPage />);
    await waitFor(() => expect(screen.getAllByTestId('app-version-row-version').map((e) => e.textContent)).toEqual(['2.1.0', '2.0.0']));
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
  });

  it('the edit form sends the changed version and shows a duplicate on the version field', async () => {
    session.set({ operateAuth: ['bbgl', 'bbgl:modify'] });
    const api = fakeApi()
      .on(appVersionRoutes.get, sample(appVersionRoutes.get.response, { id: 4, version: '1.0.0', terminal: 'ios', platform: 'student', description: 'First' }))
      .fail(appVersionRoutes.update, 'DUPLICATE_APP_VERSION');
    renderAt('/list?id=4', () => <AppVersionEditPage />);
    const version = (await screen.findByTestId('app-version-version')) as HTMLInputElement;
    await waitFor(() => expect(version.value).toBe('1.0.0'));
    fireEvent.change(version, { target: { value: '1.0.1' } });
    fireEvent.click(screen.getByTestId('app-version-submit'));
    await waitFor(() => expect(api.last(appVersionRoutes.update)).toEqual({ id: 4, version: '1.0.1', terminal: 'ios', platform: 'student', description: 'First' }));
    const error = await screen.findByText(ERRORS.DUPLICATE_APP_VERSION.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="app-version-version"]')).toBeTruthy();
  });
});
