// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { noticeRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import PortalHomePage from './PortalHomePage';

describe('portal home', () => {
  it('lists my notices, pinned ones marked, each linking to its page', async () => {
    session.set({ operateAuth: [] });
    fakeApi().rows(noticeRoutes.my, [
      { id: 7, title: 'Fire drill', pinned: true },
      { id: 8, title: 'Canteen menu', pinned: false },
    ]);
    renderAt('/list', () => <PortalHomePage />);
    await waitFor(() => expect(screen.getAllByTestId('portal-notice-title').map((e) => e.textContent)).toEqual(['Fire drill', 'Canteen menu']));
    expect(screen.getAllByTestId('portal-notice-title').map((e) => e.getAttribute('href'))).toEqual(['/portal/notice/7', '/portal/notice/8']);
    expect(screen.getAllByTestId('portal-notice-pinned')).toHaveLength(1);
    expect(screen.getAllByTestId('portal-notice-item')[0]!.textContent).toContain(i18next.t('notice.pinned'));
  });

  it('says there is no notice when none is published to me', async () => {
    session.set({ operateAuth: [] });
    fakeApi().rows(noticeRoutes.my, []);
    renderAt('/list', () => <PortalHomePage />);
    expect(await screen.findByText(i18next.t('portal.noNotices'))).toBeTruthy();
    expect(screen.queryByTestId('portal-notice-item')).toBeNull();
  });
});
