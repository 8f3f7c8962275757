import { defineModule } from '../../platform/context.js';
import { registerMessagesRoutes } from './messages.routes.js';
import { createMessagesService, sendMessage } from './messages.service.js';
import { onUserEvents } from '../users/index.js';
import { createMailer } from '../mail/index.js';
import { definePeriodicJob } from '../../platform/jobs.js';
import { MESSAGE_MAIL_JOB, mailPendingMessages } from './messages.mail.js';

export default defineModule({
  name: 'messages',
  async register(app, ctx) {
    registerMessagesRoutes(app, createMessagesService({ db: ctx.db, lists: ctx.lists }));
    // Users learn that their account froze or their password was reset.
    onUserEvents(app, 'messages', {
      accountsFrozen: (tx, userIds) => sendMessage(tx, { to: userIds, template: 'accountFrozen' }),
      passwordsReset: (tx, userIds) => sendMessage(tx, { to: userIds, template: 'passwordReset' }),
    });
    // Messages that also go by mail (approvers and CC persons): sent every minute by whichever node runs the slot.
    const mailer = createMailer(ctx);
    await definePeriodicJob(ctx.jobs, MESSAGE_MAIL_JOB, 60_000, () => mailPendingMessages(ctx.db, mailer))();
  },
});
