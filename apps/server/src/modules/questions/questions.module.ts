import { defineModule } from '../../platform/context.js';
import { createQuestionsService } from './questions.service.js';
import { registerQuestionRoutes } from './questions.routes.js';
import { questionUses } from './questions.usage.js';
import { createQuestionsImportService } from './questions.import.js';
import { registerQuestionsExcelRoutes } from './questions.import.routes.js';

export default defineModule({
  name: 'questions',
  async register(app, ctx) {
    registerQuestionRoutes(app, createQuestionsService({ db: ctx.db, lists: ctx.lists, uses: questionUses(app) }));
    await registerQuestionsExcelRoutes(app, createQuestionsImportService({ db: ctx.db, storage: ctx.storage }));
  },
});
