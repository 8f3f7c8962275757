import { defineModule } from '../../platform/context.js';
import { createMailer } from '../mail/index.js';
import { createSmsSender } from '../../platform/sms.js';
import { createPasswordResetService } from './password-reset.service.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';

export default defineModule({
  name: 'password-reset',
  register(app, ctx) {
    const { db, rsa, credentials, config, log } = ctx;
    const svc = createPasswordResetService({ db, rsa, credentials, config, mailer: createMailer(ctx), sms: createSmsSender({ db, log, config }) });
    registerPasswordResetRoutes(app, svc, { ratePerMinute: config.loginRatePerMinute });
  },
});
