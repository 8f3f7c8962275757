import { defineModule } from '../../platform/context.js';
import { registerPracticeDashboard } from './practice.dashboard.js';
import { registerPaperUse } from '../papers/index.js';
import { papersUsedByExercises } from './practice.repository.js';
import { registerPracticeRoutes } from './practice.routes.js';
import { createPracticeService } from './practice.service.js';

export default defineModule({
  name: 'practice',
  register(app, ctx) {
    registerPracticeDashboard(ctx);
    // A paper an exercise draws from is neither changed nor deleted (IN_USE_PAPER).
    registerPaperUse(app, 'exercise', { inUse: papersUsedByExercises });
    registerPracticeRoutes(app, createPracticeService({ db: ctx.db, lists: ctx.lists }));
  },
});
