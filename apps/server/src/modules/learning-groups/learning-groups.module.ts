import { defineModule } from '../../platform/context.js';
import { createLearningGroupsService } from './learning-groups.service.js';
import { registerLearningGroupsRoutes } from './learning-groups.routes.js';

export default defineModule({
  name: 'learning-groups',
  register(app, { db, lists }) {
    registerLearningGroupsRoutes(app, createLearningGroupsService({ db, lists }));
  },
});
