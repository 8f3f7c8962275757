import { defineModule } from '../../platform/context.js';
import { createAuthService } from './auth.service.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createFileSigner } from '../uploads/index.js';
import { createPhoneCodes, createSmsSender } from '../../platform/sms.js';
import { registerAuthDashboard } from './auth.dashboard.js';

export default defineModule({
  name: 'auth',
  register(app, { db, kv, rsa, authSettings, sessions, credentials, config, log, dashboard }) {
    const phoneCodes = createPhoneCodes({ kv, sender: createSmsSender({ db, log, config }) });
    const auth = createAuthService({ db, kv, rsa, settings: authSettings, sessions, credentials, files: createFileSigner(db), phoneCodes, log });
    registerAuthRoutes(app, auth, { signSalt: async () => (await authSettings.login()).signSalt, loginRatePerMinute: config.loginRatePerMinute });
    registerAuthDashboard({ db, dashboard });
  },
});
