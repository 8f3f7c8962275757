import { defineModule } from '../../platform/context.js';
import { registerQuestionnaireUse } from '../questionnaires/index.js';
import { registerTrainResultsRoutes } from './train-results.routes.js';
import { createTrainResultsService } from './train-results.service.js';
import { createSatisfactionService } from './train-results.satisfaction.js';
import { createChargesService } from './train-results.charges.js';
import { chargesByPlanLine } from './train-results.repository.js';
import { registerPlanLineActuals } from '../year-plans/index.js';
import { createResultImportService } from './train-results.import.js';
import { registerCoursePassListener } from '../learning/index.js';
import { issueAfterCoursePass } from './train-results.certificates.js';

export default defineModule({
  name: 'train-results',
  async register(app, ctx) {
    const satisfaction = createSatisfactionService({ db: ctx.db });
    const results = createTrainResultsService({ app, db: ctx.db, satisfaction });
    const charges = createChargesService({ app, db: ctx.db });
    const importer = createResultImportService({ db: ctx.db, storage: ctx.storage, results });
    await registerTrainResultsRoutes(app, { results, satisfaction, charges, importer });
    // A questionnaire a class's satisfaction survey was built from is in use (not deleted).
    registerQuestionnaireUse(app, 'trainSatisfaction', { inUse: satisfaction.templatesInUse });
    // An annual plan shows, per line, what the classes spent against it.
    registerPlanLineActuals(app, chargesByPlanLine);
    // A mixed class's trainee who passes its last online course after the results were approved completes it then.
    registerCoursePassListener(app, 'train-results', issueAfterCoursePass);
  },
});
