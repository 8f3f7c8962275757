import { defineModule } from '../../platform/context.js';
import { createAppVersionsService } from './app-versions.service.js';
import { registerAppVersionsRoutes } from './app-versions.routes.js';

export default defineModule({
  name: 'app-versions',
  register(app, { db, lists }) {
    registerAppVersionsRoutes(app, createAppVersionsService({ db, lists }));
  },
});
