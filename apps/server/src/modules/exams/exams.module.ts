import { defineModule } from '../../platform/context.js';
import { registerExamRoutes } from './exams.routes.js';
import { createExamsService } from './exams.service.js';

export default defineModule({
  name: 'exams',
  register(app, ctx) {
    registerExamRoutes(app, createExamsService({ db: ctx.db, lists: ctx.lists, jobs: ctx.jobs }));
  },
});
