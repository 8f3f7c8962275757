import { trainPlaceRoutes as routes, type TrainPlaceCreate, type TrainPlaceListQuery, type TrainPlaceUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type TrainPlaceQuery = Partial<TrainPlaceListQuery> & { page: number; size: number };

export const findTrainPlaces = (q: TrainPlaceQuery) => call(routes.list, q);
export const getTrainPlace = (input: { id: number }) => call(routes.get, input);
export const insertTrainPlace = (input: TrainPlaceCreate) => call(routes.insert, input, { silent: true });
export const updateTrainPlace = (input: TrainPlaceUpdate) => call(routes.update, input, { silent: true });
export const deleteTrainPlaces = (input: { ids: number[] }) => call(routes.delete, input);
