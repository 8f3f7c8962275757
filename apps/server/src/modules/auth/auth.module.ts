import { defineModule } from '../../platform/context.js';
import { createAuthService } from './auth.service.js';
import { registerAuthRoutes } from './auth.routes.js';

export default defineModule({
  name: 'auth',
  register(app, { db, kv, rsa, authSettings, principals, config }) {
    const auth = createAuthService({ db, kv, rsa, settings: authSettings, principals });
    registerAuthRoutes(app, auth, { signSalt: async () => (await authSettings.login()).signSalt, loginRatePerMinute: config.loginRatePerMinute });
  },
});
