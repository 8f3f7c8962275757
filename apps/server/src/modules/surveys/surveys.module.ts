import { defineModule } from '../../platform/context.js';
import { registerQuestionnaireUse } from '../questionnaires/index.js';
import { createSurveysService } from './surveys.service.js';
import { registerSurveysRoutes } from './surveys.routes.js';
import { createSurveyClock } from './surveys.clock.js';
import { createSurveyResultsService } from './results.service.js';
import { registerSurveyResultsRoutes } from './results.routes.js';

export default defineModule({
  name: 'surveys',
  register(app, ctx) {
    const clock = createSurveyClock({ db: ctx.db, jobs: ctx.jobs });
    const surveys = createSurveysService({ app, db: ctx.db, lists: ctx.lists, clock });
    registerSurveysRoutes(app, surveys);
    registerSurveyResultsRoutes(app, createSurveyResultsService({ db: ctx.db, list: surveys.list }));
    // A template a survey was built from stays (IN_USE_QUESTIONNAIRE).
    registerQuestionnaireUse(app, 'survey', { inUse: surveys.templatesInUse });
  },
});
