import { defineModule } from '../../platform/context.js';
import { createSettingsService } from './settings.service.js';
import { registerSettingsRoutes } from './settings.routes.js';

export default defineModule({
  name: 'settings',
  register(app, { db, authSettings }) {
    registerSettingsRoutes(app, createSettingsService({ db, authSettings }));
  },
});
