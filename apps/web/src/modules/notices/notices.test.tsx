// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, noticeRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import NoticeListPage from './manage/NoticeListPage';
import NoticeEditPage from './manage/NoticeEditPage';
import NoticeDetailPage from './portal/NoticeDetailPage';

describe('notices', () => {
  it('the list shows the rows the server sends, searches by keyword and offers edit only where the row allows it', async () => {
    session.set({ operateAuth: ['gggl', 'gggl:modify', 'gggl:delete'] });
    const api = fakeApi().rows(noticeRoutes.list, [{ title: 'Fire drill', pinned: true, abilities: { modify: true } }, { title: 'Canteen menu' }]);
    renderAt('/list', () => <NoticeListPage />);
    await waitFor(() => expect(screen.getAllByTestId('notice-row-title').map((e) => e.textContent)).toEqual(['Fire drill', 'Canteen menu']));
    expect(screen.getAllByTestId('notice-row-pinned')).toHaveLength(1);
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('notice-filter-keyword'), { target: { value: 'fire' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(noticeRoutes.list)).toMatchObject({ keyword: 'fire', page: 1 }));
  });

  it('the edit form loads the notice, sends the changed title and shows the server refusing it on the field', async () => {
    const notice = sample(noticeRoutes.get.response, { id: 5, title: 'Old title', content: '<p>Body</p>', displayTime: '2030-01-01T08:00:00.000Z', sort: 3 });
    const api = fakeApi().on(noticeRoutes.get, notice).fail(noticeRoutes.update, 'DUPLICATE_NOTICE_TITLE', 'title');
    renderAt('/list?id=5', () => <NoticeEditPage />);
    const title = (await screen.findByTestId('notice-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Old title'));
    fireEvent.change(title, { target: { value: 'Taken title' } });
    fireEvent.click(screen.getByTestId('notice-submit'));
    await waitFor(() => expect(api.last(noticeRoutes.update)).toMatchObject({ id: 5, title: 'Taken title', sort: 3 }));
    expect(await screen.findByText(ERRORS.DUPLICATE_NOTICE_TITLE.text['zh-CN'])).toBeTruthy();
  });

  it('the portal page shows the notice of its address', async () => {
    const api = fakeApi().on(noticeRoutes.detail, sample(noticeRoutes.detail.response, { id: 9, title: 'Holiday', content: '<p>Closed on Friday</p>' }));
    renderAt('/portal/notice/9', () => <NoticeDetailPage />, { path: '/portal/notice/:id' });
    expect((await screen.findByTestId('portal-notice-content')).textContent).toContain('Closed on Friday');
    expect(screen.getByText('Holiday')).toBeTruthy();
    expect(api.last(noticeRoutes.detail)).toEqual({ id: 9 });
  });
});
