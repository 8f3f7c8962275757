import { defineModule } from '../../platform/context.js';
import { createOrgsService } from './orgs.service.js';
import { registerOrgsRoutes } from './orgs.routes.js';

export default defineModule({
  name: 'orgs',
  register(app, { db, principals }) {
    registerOrgsRoutes(app, createOrgsService({ db, principals }));
  },
});
