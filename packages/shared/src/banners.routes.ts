import { z } from 'zod';
import { batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import { BannerCreateSchema, BannerListQuerySchema, BannerPublicSchema, BannerRowSchema, BannerUpdateSchema } from './banners.js';

/** Banners: the back office (tggl, data scope by the banner's organization) and the portal carousel. */
export const bannerRoutes = {
  ...listGetRoutes('/api/banner', ['tggl'], { query: BannerListQuerySchema, row: BannerRowSchema, detail: BannerRowSchema }),
  insert: writeRoute('/api/banner/insert', ['tggl:add'], 'banner.insert', { body: BannerCreateSchema, response: BannerRowSchema }),
  update: writeRoute('/api/banner/update', ['tggl:modify'], 'banner.update', { body: BannerUpdateSchema, response: BannerRowSchema }),
  delete: batchRoute('/api/banner/delete', ['tggl:delete'], 'banner.delete'),
  release: batchRoute('/api/banner/release', ['tggl:publish'], 'banner.release'),
  unrelease: batchRoute('/api/banner/unrelease', ['tggl:unpublish'], 'banner.unrelease'),
  // Student side (spec: "banner list"): the released banners of the current moment, in sort order.
  current: defineRoute({ method: 'POST', path: '/api/banner/current', permission: 'authenticated', response: z.array(BannerPublicSchema) }),
};
