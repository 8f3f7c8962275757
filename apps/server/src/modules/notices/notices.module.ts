import { defineModule } from '../../platform/context.js';
import { createFileSigner } from '../uploads/uploads.signing.js';
import { registerNoticesRoutes } from './notices.routes.js';
import { createNoticesService } from './notices.service.js';

export default defineModule({
  name: 'notices',
  register(app, ctx) {
    registerNoticesRoutes(app, createNoticesService({ db: ctx.db, signer: createFileSigner(ctx.db) }));
  },
});
