import { defineModule } from '../../platform/context.js';
import { createQuestionnairesService } from './questionnaires.service.js';
import { registerQuestionnairesRoutes } from './questionnaires.routes.js';
import { createQuestionnaireExcel } from './questionnaires.excel.js';
import { registerQuestionnaireExcelRoutes } from './questionnaires.excel.routes.js';

export default defineModule({
  name: 'questionnaires',
  async register(app, ctx) {
    const questionnaires = createQuestionnairesService({ app, db: ctx.db, lists: ctx.lists });
    registerQuestionnairesRoutes(app, questionnaires);
    await registerQuestionnaireExcelRoutes(app, createQuestionnaireExcel({ db: ctx.db, storage: ctx.storage, questionnaires }));
  },
});
