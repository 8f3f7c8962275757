import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { CountSchema, defineRoute } from './contract.js';
import { BannerCreateSchema, BannerListQuerySchema, BannerPublicSchema, BannerRowSchema, BannerUpdateSchema } from './banners.js';

/** Banners: the back office (tggl, data scope by the banner's organization) and the portal carousel. */
export const bannerRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/banner/list', permission: ['tggl'], body: BannerListQuerySchema, response: pageSchema(BannerRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/banner/get', permission: ['tggl'], body: IdBodySchema, response: BannerRowSchema }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/banner/insert',
    permission: ['tggl:add'],
    operation: 'banner.insert',
    body: BannerCreateSchema,
    response: BannerRowSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/banner/update',
    permission: ['tggl:modify'],
    operation: 'banner.update',
    body: BannerUpdateSchema,
    response: BannerRowSchema,
  }),
  delete: defineRoute({ method: 'POST', path: '/api/banner/delete', permission: ['tggl:delete'], operation: 'banner.delete', body: IdsSchema, response: CountSchema }),
  release: defineRoute({ method: 'POST', path: '/api/banner/release', permission: ['tggl:publish'], operation: 'banner.release', body: IdsSchema, response: CountSchema }),
  unrelease: defineRoute({
    method: 'POST',
    path: '/api/banner/unrelease',
    permission: ['tggl:unpublish'],
    operation: 'banner.unrelease',
    body: IdsSchema,
    response: CountSchema,
  }),
  // Student side (spec: "banner list"): the released banners of the current moment, in sort order.
  current: defineRoute({ method: 'POST', path: '/api/banner/current', permission: 'authenticated', response: z.array(BannerPublicSchema) }),
};
