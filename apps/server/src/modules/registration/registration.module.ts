import { defineModule } from '../../platform/context.js';
import { createRegistrationService } from './registration.service.js';
import { registerRegistrationRoutes } from './registration.routes.js';
import { createPhoneCodes, createSmsSender } from '../../platform/sms.js';

export default defineModule({
  name: 'registration',
  register(app, { db, kv, rsa, lists, log, config }) {
    const sender = createSmsSender({ db, log, config });
    const phoneCodes = createPhoneCodes({ kv, sender });
    registerRegistrationRoutes(app, createRegistrationService({ db, kv, rsa, lists, phoneCodes, smsDelivers: sender.delivers }));
  },
});
