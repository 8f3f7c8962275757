import { defineModule } from '../../platform/context.js';
import { registerScormRoutes } from './scorm.routes.js';
import { createScormService } from './scorm.service.js';
import { createContentSigner, scormLaunchRules } from './scorm.access.js';

export default defineModule({
  name: 'scorm',
  async register(app, ctx) {
    const scorm = createScormService({ db: ctx.db, storage: ctx.storage, signer: createContentSigner(ctx.db), rules: scormLaunchRules(app) });
    await registerScormRoutes(app, scorm);
  },
});
