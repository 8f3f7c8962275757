import { defineModule } from '../../platform/context.js';
import { createOrgsService } from './orgs.service.js';
import { registerOrgsRoutes } from './orgs.routes.js';
import { registerOrgsDashboard } from './orgs.dashboard.js';

export default defineModule({
  name: 'orgs',
  register(app, { db, principals, dashboard }) {
    registerOrgsRoutes(app, createOrgsService({ db, principals }));
    registerOrgsDashboard({ db, dashboard });
  },
});
