import { batchRoute, listGetRoutes, writeRoute } from './contract.js';
import { TrainPlaceCreateSchema, TrainPlaceListQuerySchema, TrainPlaceRowSchema, TrainPlaceUpdateSchema } from './train-places.js';

/** Training sites (pxcdgl; data scope by the record's organization); `get` serves train-place-detail. */
export const trainPlaceRoutes = {
  ...listGetRoutes('/api/train-place', ['pxcdgl'], { query: TrainPlaceListQuerySchema, row: TrainPlaceRowSchema, detail: TrainPlaceRowSchema }),
  insert: writeRoute('/api/train-place/insert', ['pxcdgl:add'], 'trainPlace.insert', { body: TrainPlaceCreateSchema, response: TrainPlaceRowSchema }),
  update: writeRoute('/api/train-place/update', ['pxcdgl:modify'], 'trainPlace.update', { body: TrainPlaceUpdateSchema, response: TrainPlaceRowSchema }),
  delete: batchRoute('/api/train-place/delete', ['pxcdgl:delete'], 'trainPlace.delete'),
};
