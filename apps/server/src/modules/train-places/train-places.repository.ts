import { eq, ilike, or, sql } from 'drizzle-orm';
import type { TRAIN_PLACE_SORT_KEYS } from '@hanlin/shared';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { trainPlaces } from './train-places.schema.js';

/** Training sites of the caller's data scope; the keyword searches name, contact and address. */
export const trainPlaceList = defineList({
  name: 'train_place_list',
  table: trainPlaces,
  tables: ['train_places', 'organizations'],
  scope: { column: trainPlaces.orgId, nullable: true },
  filters: { city: (v) => eq(trainPlaces.city, v) },
  keyword: (p) => or(ilike(trainPlaces.name, p), ilike(trainPlaces.contact, p), ilike(trainPlaces.address, p)),
  sort: { id: trainPlaces.id, name: trainPlaces.name, city: trainPlaces.city, createdAt: trainPlaces.createdAt } satisfies Record<
    (typeof TRAIN_PLACE_SORT_KEYS)[number],
    unknown
  >,
  columns: {
    id: trainPlaces.id,
    name: trainPlaces.name,
    contact: trainPlaces.contact,
    city: trainPlaces.city,
    address: trainPlaces.address,
    introduction: trainPlaces.introduction,
    orgId: trainPlaces.orgId,
    orgName: sql<string | null>`${organizations.name}`,
    orgPath: sql<string | null>`${organizations.path}`,
    creatorName: sql<string | null>`${users.realname}`,
    createdAt: trainPlaces.createdAt,
    updatedAt: trainPlaces.updatedAt,
  },
  join: (q) => q.leftJoin(organizations, eq(organizations.id, trainPlaces.orgId)).leftJoin(users, eq(users.id, trainPlaces.createdBy)),
});
