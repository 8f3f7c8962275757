import { defineModule } from '../../platform/context.js';
import { registerInstitutionsRoutes } from './institutions.routes.js';
import { createInstitutionsService } from './institutions.service.js';

export default defineModule({
  name: 'institutions',
  register(app, { db, lists }) {
    registerInstitutionsRoutes(app, createInstitutionsService({ app, db, lists }));
  },
});
