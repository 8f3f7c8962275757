import { defineModule } from '../../platform/context.js';
import { registerUsersRoutes } from './users.routes.js';

export default defineModule({
  name: 'users',
  register(app, ctx) {
    registerUsersRoutes(app, ctx);
  },
});
