import { defineModule } from '../../platform/context.js';
import { createRegistrationService } from './registration.service.js';
import { registerRegistrationRoutes } from './registration.routes.js';
import { createPhoneCodes, createSmsSender } from '../../platform/sms.js';
import { registerRegistrationDashboard } from './registration.dashboard.js';

export default defineModule({
  name: 'registration',
  register(app, { db, kv, rsa, lists, log, config, dashboard }) {
    const sender = createSmsSender({ db, log, config });
    const phoneCodes = createPhoneCodes({ kv, sender });
    registerRegistrationRoutes(app, createRegistrationService({ db, kv, rsa, lists, phoneCodes, smsDelivers: sender.delivers }));
    registerRegistrationDashboard({ db, dashboard });
  },
});
