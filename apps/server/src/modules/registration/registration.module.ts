import { defineModule } from '../../platform/context.js';
import { createRegistrationService } from './registration.service.js';
import { registerRegistrationRoutes } from './registration.routes.js';

export default defineModule({
  name: 'registration',
  register(app, { db, kv, rsa, lists }) {
    registerRegistrationRoutes(app, createRegistrationService({ db, kv, rsa, lists }));
  },
});
