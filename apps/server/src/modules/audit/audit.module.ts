import { defineModule } from '../../platform/context.js';
import { createAuditService } from './audit.service.js';
import { registerAuditRoutes } from './audit.routes.js';

export default defineModule({
  name: 'audit',
  register(app, { db, lists }) {
    registerAuditRoutes(app, createAuditService({ db, lists }));
  },
});
