import { bannerRoutes as routes, type BannerCreate, type BannerListQuery, type BannerUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type BannerQuery = Partial<BannerListQuery> & { page: number; size: number };

export const findBanners = (q: BannerQuery) => call(routes.list, q);
export const getBannerById = (input: { id: number }) => call(routes.get, input);
export const insertBanner = (input: BannerCreate) => call(routes.insert, input);
export const updateBanner = (input: BannerUpdate) => call(routes.update, input);
export const deleteBanners = (input: { ids: number[] }) => call(routes.delete, input);
export const releaseBanners = (input: { ids: number[] }) => call(routes.release, input);
export const unreleaseBanners = (input: { ids: number[] }) => call(routes.unrelease, input);

/** Portal: the released banners of the moment (a failure leaves the carousel out). */
export const findCurrentBanners = () => call(routes.current, {}, { silent: true });
