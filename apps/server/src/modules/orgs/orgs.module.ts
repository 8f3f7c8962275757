import { defineModule } from '../../platform/context.js';
import { createOrgsService } from './orgs.service.js';
import { registerOrgsRoutes } from './orgs.routes.js';
import { registerOrgsDashboard } from './orgs.dashboard.js';
import { orgMembersOf } from './orgs.usage.js';

export default defineModule({
  name: 'orgs',
  register(app, { db, principals, dashboard }) {
    registerOrgsRoutes(app, createOrgsService({ db, principals, members: orgMembersOf(app) }));
    registerOrgsDashboard({ db, dashboard });
  },
});
