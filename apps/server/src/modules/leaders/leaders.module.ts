import { defineModule } from '../../platform/context.js';
import { registerLeadersRoutes } from './leaders.routes.js';
import { createLeadersService } from './leaders.service.js';

export default defineModule({
  name: 'leaders',
  register(app, ctx) {
    registerLeadersRoutes(app, createLeadersService({ db: ctx.db, lists: ctx.lists }));
  },
});
