import { defineModule } from '../../platform/context.js';
import { createProfessionalsService } from './professionals.service.js';
import { registerProfessionalsRoutes } from './professionals.routes.js';

export default defineModule({
  name: 'professionals',
  register(app, { db }) {
    registerProfessionalsRoutes(app, createProfessionalsService({ db }));
  },
});
