import { HELP_TEMPLATE_UPLOAD_PURPOSE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerFileReadRule } from '../uploads/index.js';
import { registerHelpTemplatesRoutes } from './help-templates.routes.js';
import { createHelpTemplatesService } from './help-templates.service.js';

export default defineModule({
  name: 'help-templates',
  register(app, ctx) {
    const s = createHelpTemplatesService({ db: ctx.db, lists: ctx.lists });
    registerHelpTemplatesRoutes(app, s);
    // Attached templates: the managers, and every holder of a training code once the document is published.
    registerFileReadRule(app, HELP_TEMPLATE_UPLOAD_PURPOSE, (p, file) => s.mayReadFile(p, file.refId));
  },
});
