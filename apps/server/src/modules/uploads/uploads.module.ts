import { defineModule } from '../../platform/context.js';
import { registerUploadsRoutes } from './uploads.routes.js';
import { createUploadsService } from './uploads.service.js';
import { createFileSigner } from './uploads.signing.js';
import { fileReadRules, registerFileReadRule } from './uploads.access.js';

export default defineModule({
  name: 'uploads',
  async register(app, ctx) {
    // Avatars are shown next to names everywhere: any signed-in user may load them.
    registerFileReadRule(app, 'avatar', () => true);
    const rules = fileReadRules(app);
    await registerUploadsRoutes(app, createUploadsService({ db: ctx.db, storage: ctx.storage, signer: createFileSigner(ctx.db), rules }));
  },
});
