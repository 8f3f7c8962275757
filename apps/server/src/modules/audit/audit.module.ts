import { defineModule } from '../../platform/context.js';
import { createAuditService } from './audit.service.js';
import { registerAuditRoutes } from './audit.routes.js';
import { registerAuditDashboard } from './audit.dashboard.js';

export default defineModule({
  name: 'audit',
  register(app, { db, lists, dashboard }) {
    registerAuditRoutes(app, createAuditService({ db, lists }));
    registerAuditDashboard({ db, dashboard });
  },
});
