// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { bannerRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import BannerListPage from './manage/BannerListPage';
import BannerEditPage from './manage/BannerEditPage';
import BannerCarousel from './portal/BannerCarousel';

describe('banners', () => {
  it('the list shows the banners the server sends and filters by keyword', async () => {
    session.set({ operateAuth: ['tggl', 'tggl:modify'] });
    const api = fakeApi().rows(bannerRoutes.list, [{ title: 'Safety month' }, { title: 'New courses' }]);
    renderAt('/list', () => <BannerListPage />);
    await waitFor(() => expect(screen.getAllByTestId('banner-row-title').map((e) => e.textContent)).toEqual(['Safety month', 'New courses']));
    fireEvent.change(screen.getByTestId('banner-filter-keyword'), { target: { value: 'safety' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(bannerRoutes.list)).toMatchObject({ keyword: 'safety' }));
  });

  it('the edit form sends an emptied link as none', async () => {
    session.set({ operateAuth: ['tggl', 'tggl:modify'] });
    const api = fakeApi().on(bannerRoutes.get, sample(bannerRoutes.get.response, { id: 8, title: 'Spring', image: '/api/upload/file/1', link: '/portal', sort: 2 }));
    renderAt('/list?id=8', () => <BannerEditPage />);
    const link = (await screen.findByTestId('banner-link')) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe('/portal'));
    fireEvent.change(link, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('banner-title'), { target: { value: 'Spring sale' } });
    fireEvent.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(api.last(bannerRoutes.update)).toMatchObject({ id: 8, title: 'Spring sale', image: '/api/upload/file/1', link: null, sort: 2 }));
  });

  it('the portal carousel has one link, to where the banner shown leads: inside the site, or an outside page in a new tab', async () => {
    render(
      <MemoryRouter>
        <BannerCarousel
          banners={[
            { id: 1, title: 'Inside', imageUrl: '/a.png', link: '/portal/courses' },
            { id: 2, title: 'Outside', imageUrl: '/b.png', link: 'https://example.com' },
          ]}
        />
      </MemoryRouter>,
    );
    // The slides (and the carousel's clones of them) hold no link the keyboard could reach while hidden.
    expect(screen.getAllByAltText('Inside').every((img) => !img.closest('a'))).toBe(true);
    const link = () => screen.getByTestId('portal-banner-link');
    expect(link().getAttribute('href')).toBe('/portal/courses');
    expect(link().getAttribute('aria-label')).toBe('Inside');
    expect(link().getAttribute('target')).toBeNull();
    // The second dot shows the second banner: the link follows it.
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => {
      const a = link();
      expect([a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('aria-label')]).toEqual(['https://example.com', '_blank', 'Outside']);
    });
  });
});
