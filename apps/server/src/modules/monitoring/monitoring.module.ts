import { defineModule } from '../../platform/context.js';
import { registerMonitoringDashboard } from './monitoring.dashboard.js';
import { createFileSigner } from '../uploads/index.js';
import { registerMonitoringRoutes } from './monitoring.routes.js';
import { createMonitoringService } from './monitoring.service.js';

export default defineModule({
  name: 'monitoring',
  register(app, ctx) {
    registerMonitoringDashboard(ctx);
    registerMonitoringRoutes(app, createMonitoringService({ db: ctx.db, signer: createFileSigner(ctx.db) }));
  },
});
