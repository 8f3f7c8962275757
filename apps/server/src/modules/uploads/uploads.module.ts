import { defineModule } from '../../platform/context.js';
import { registerUploadsRoutes } from './uploads.routes.js';
import { createUploadsService } from './uploads.service.js';
import { createFileSigner } from './uploads.signing.js';
import { createChunkedUploads, scheduleChunkCleanup } from './uploads.chunked.js';
import { claimFile, fileReadRules, registerFileReadRule } from './uploads.access.js';
import { onUserEvents } from '../users/index.js';

export default defineModule({
  name: 'uploads',
  async register(app, ctx) {
    // Avatars are shown next to names everywhere: any signed-in user may load them.
    registerFileReadRule(app, 'avatar', () => true);
    // An uploaded avatar must be the caller's own.
    onUserEvents(app, 'uploads', { avatarChosen: (db, p, avatar) => claimFile(db, p, avatar, { purpose: 'avatar', field: 'avatar' }) });
    const rules = fileReadRules(app);
    const uploads = createUploadsService({ db: ctx.db, storage: ctx.storage, signer: createFileSigner(ctx.db), rules });
    const chunked = createChunkedUploads({ db: ctx.db, storage: ctx.storage, uploads });
    await scheduleChunkCleanup(ctx.jobs, chunked);
    await registerUploadsRoutes(app, uploads, chunked);
  },
});
