import { defineModule } from '../../platform/context.js';
import { registerScormRoutes } from './scorm.routes.js';
import { registerScormContent } from './scorm.content.js';
import { createScormService } from './scorm.service.js';
import { createContentSigner, scormLaunchRules } from './scorm.access.js';

export default defineModule({
  name: 'scorm',
  async register(app, ctx) {
    const scorm = createScormService({ db: ctx.db, storage: ctx.storage, signer: createContentSigner(ctx.db), rules: scormLaunchRules(app) });
    await registerScormRoutes(app, scorm, ctx.content);
    // Package files only on the content origin: a package never runs beside the session.
    registerScormContent(ctx.content, scorm);
  },
});
