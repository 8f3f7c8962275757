import { defineModule } from '../../platform/context.js';
import { registerUploadsRoutes } from './uploads.routes.js';
import { createUploadsService } from './uploads.service.js';
import { createFileSigner } from './uploads.signing.js';

export default defineModule({
  name: 'uploads',
  async register(app, ctx) {
    await registerUploadsRoutes(app, createUploadsService({ db: ctx.db, storage: ctx.storage, signer: createFileSigner(ctx.db) }));
  },
});
