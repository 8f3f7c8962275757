import { defineModule } from '../../platform/context.js';
import { createQuestionsService } from './questions.service.js';
import { registerQuestionRoutes } from './questions.routes.js';
import { questionUses } from './questions.usage.js';

export default defineModule({
  name: 'questions',
  register(app, ctx) {
    registerQuestionRoutes(app, createQuestionsService({ db: ctx.db, lists: ctx.lists, uses: questionUses(app) }));
  },
});
