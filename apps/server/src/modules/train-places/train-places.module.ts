import { defineModule } from '../../platform/context.js';
import { registerTrainPlacesRoutes } from './train-places.routes.js';
import { createTrainPlacesService } from './train-places.service.js';

export default defineModule({
  name: 'trainPlaces',
  register(app, { db, lists }) {
    registerTrainPlacesRoutes(app, createTrainPlacesService({ app, db, lists }));
  },
});
