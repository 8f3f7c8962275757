import { index, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

/** Training sites (spec: manage-train-place, train-place-detail; code pxcdgl). */
export const trainPlaces = pgTable(
  'train_places',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 50 }).notNull(),
    contact: varchar({ length: 30 }),
    city: varchar({ length: 50 }),
    address: varchar({ length: 200 }),
    introduction: text(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [uniqueIndex('train_places_name_uq').on(t.name), index('train_places_org_id_idx').on(t.orgId, t.id)],
);

export const constraintErrors = defineConstraintErrors({
  train_places_name_uq: { code: 'DUPLICATE_TRAINING_SITE', field: 'name' },
  ...ownedRecordConstraintErrors('train_places'),
});
