import { defineModule } from '../../platform/context.js';
import { registerMessagesRoutes } from './messages.routes.js';
import { createMessagesService } from './messages.service.js';

export default defineModule({
  name: 'messages',
  register(app, ctx) {
    registerMessagesRoutes(app, createMessagesService({ db: ctx.db, lists: ctx.lists }));
  },
});
