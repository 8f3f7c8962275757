import { defineModule } from '../../platform/context.js';
import { createApprovalsService } from './approvals.service.js';
import { registerApprovalsRoutes } from './approvals.routes.js';

export default defineModule({
  name: 'approvals',
  register(app, ctx) {
    registerApprovalsRoutes(app, createApprovalsService({ app, db: ctx.db }));
  },
});
