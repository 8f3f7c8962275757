import { defineModule } from '../../platform/context.js';
import { createFeedbackService } from './feedback.service.js';
import { registerFeedbackRoutes } from './feedback.routes.js';

export default defineModule({
  name: 'feedback',
  register(app, { db }) {
    registerFeedbackRoutes(app, createFeedbackService({ db }));
  },
});
