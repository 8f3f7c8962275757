import { defineModule } from '../../platform/context.js';
import { createFileSigner, registerFileReadRule } from '../uploads/index.js';
import { registerNoticesRoutes } from './notices.routes.js';
import { createNoticesService } from './notices.service.js';

export default defineModule({
  name: 'notices',
  register(app, ctx) {
    const notices = createNoticesService({ db: ctx.db, signer: createFileSigner(ctx.db), lists: ctx.lists });
    registerNoticesRoutes(app, notices);
    // A notice's cover: whoever may read the notice it was linked to.
    registerFileReadRule(app, 'notice', (principal, file) => file.refId !== null && notices.mayRead(principal, file.refId));
  },
});
