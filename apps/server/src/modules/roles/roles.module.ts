import { defineModule } from '../../platform/context.js';
import { createRolesService } from './roles.service.js';
import { registerRolesRoutes } from './roles.routes.js';
import { roleUses } from './roles.usage.js';

export default defineModule({
  name: 'roles',
  register(app, { db, lists, principals }) {
    registerRolesRoutes(app, createRolesService({ db, lists, principals, uses: roleUses(app) }));
  },
});
