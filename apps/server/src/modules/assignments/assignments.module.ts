import { defineModule } from '../../platform/context.js';
import { registerAssignmentsRoutes } from './assignments.routes.js';
import { createAssignmentsService } from './assignments.service.js';

export default defineModule({
  name: 'assignments',
  register(app, ctx) {
    registerAssignmentsRoutes(app, createAssignmentsService({ db: ctx.db, lists: ctx.lists }));
  },
});
