import { defineModule } from '../../platform/context.js';
import { createLabelsService } from './labels.service.js';
import { registerLabelsRoutes } from './labels.routes.js';

export default defineModule({
  name: 'labels',
  register(app, { db, lists }) {
    registerLabelsRoutes(app, createLabelsService({ db, lists }));
  },
});
