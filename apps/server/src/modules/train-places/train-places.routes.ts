import type { FastifyInstance } from 'fastify';
import { trainPlaceRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes } from '../../platform/route.js';
import type { TrainPlacesService } from './train-places.service.js';

export function registerTrainPlacesRoutes(app: FastifyInstance, trainPlaces: TrainPlacesService) {
  registerCrudRoutes(app, routes, trainPlaces);
}
