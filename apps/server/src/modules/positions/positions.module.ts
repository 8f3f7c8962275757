import { defineModule } from '../../platform/context.js';
import { createPositionsService } from './positions.service.js';
import { registerPositionsRoutes } from './positions.routes.js';
import { positionUses } from './positions.usage.js';

export default defineModule({
  name: 'positions',
  register(app, { db, lists }) {
    registerPositionsRoutes(app, createPositionsService({ db, lists, uses: positionUses(app) }));
  },
});
