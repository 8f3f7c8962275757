import { defineModule } from '../../platform/context.js';
import { createFileSigner } from '../uploads/index.js';
import { registerBannersRoutes } from './banners.routes.js';
import { createBannersService } from './banners.service.js';

export default defineModule({
  name: 'banners',
  register(app, ctx) {
    registerBannersRoutes(app, createBannersService({ db: ctx.db, signer: createFileSigner(ctx.db), lists: ctx.lists }));
  },
});
