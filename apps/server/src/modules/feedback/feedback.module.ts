import { defineModule } from '../../platform/context.js';
import { createFeedbackService } from './feedback.service.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import { hasAnyPermission } from '@hanlin/shared';
import { registerFileReadRule } from '../uploads/index.js';

export default defineModule({
  name: 'feedback',
  register(app, { db, lists }) {
    registerFeedbackRoutes(app, createFeedbackService({ db, lists }));
    // Feedback attachments: their author (the uploader) and the feedback managers.
    registerFileReadRule(app, 'feedback', (principal) => hasAnyPermission(principal.permissions, ['yjfk']));
  },
});
