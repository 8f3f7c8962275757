import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { createNamedRecordsService } from '../../platform/named-records.js';
import { trainPlaceList } from './train-places.repository.js';
import { trainPlaces } from './train-places.schema.js';
import { trainPlaceUses } from './train-places.usage.js';

/** Training sites: list, get, insert, update and delete; one a registered module uses is refused. */
export function createTrainPlacesService({ app, db, lists }: { app: FastifyInstance } & Pick<AppContext, 'db' | 'lists'>) {
  const codes = { modify: 'pxcdgl:modify', delete: 'pxcdgl:delete' };
  return createNamedRecordsService({ db, lists }, { table: trainPlaces, list: trainPlaceList, codes, uses: trainPlaceUses(app), inUseError: 'IN_USE_TRAINING_SITE' });
}
export type TrainPlacesService = ReturnType<typeof createTrainPlacesService>;
