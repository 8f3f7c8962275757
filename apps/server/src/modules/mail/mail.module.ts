import { defineModule } from '../../platform/context.js';
import { createMailService } from './mail.service.js';
import { registerMailRoutes } from './mail.routes.js';

export default defineModule({
  name: 'mail',
  register(app, { db, lists }) {
    registerMailRoutes(app, createMailService({ db, lists }));
  },
});
