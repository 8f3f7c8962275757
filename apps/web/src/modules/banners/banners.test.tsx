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

  it('the portal carousel links a slide inside the site or to an outside page', () => {
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
    const inside = screen.getAllByAltText('Inside')[0]!.closest('a')!;
    const outside = screen.getAllByAltText('Outside')[0]!.closest('a')!;
    expect(inside.getAttribute('href')).toBe('/portal/courses');
    expect(outside.getAttribute('target')).toBe('_blank');
  });
});
