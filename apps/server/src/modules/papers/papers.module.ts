import { defineModule } from '../../platform/context.js';
import { registerQuestionUse } from '../questions/index.js';
import { createPapersService } from './papers.service.js';
import { registerPaperRoutes } from './papers.routes.js';
import { questionsInPapers } from './papers.repository.js';
import { paperUses } from './papers.usage.js';

export default defineModule({
  name: 'papers',
  register(app, ctx) {
    registerPaperRoutes(app, createPapersService({ db: ctx.db, lists: ctx.lists, uses: paperUses(app) }));
    // A question a paper holds cannot be deleted.
    registerQuestionUse(app, 'paper', { inUse: (db, ids) => questionsInPapers(db, ids) });
  },
});
