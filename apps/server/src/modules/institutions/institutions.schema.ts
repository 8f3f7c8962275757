import { index, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

/** Training organizations (spec: manage-institution, add-institution; code pxjggl). */
export const institutions = pgTable(
  'institutions',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 50 }).notNull(),
    phone: varchar({ length: 30 }),
    contact: varchar({ length: 30 }),
    contactPhone: varchar({ length: 30 }),
    address: varchar({ length: 200 }),
    /** Training direction. */
    direction: varchar({ length: 100 }),
    /** An uploaded image (`/api/upload/...`). */
    cover: varchar({ length: 500 }),
    qualification: varchar({ length: 500 }),
    profile: text(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [uniqueIndex('institutions_name_uq').on(t.name), index('institutions_org_id_idx').on(t.orgId, t.id)],
);

export const constraintErrors = defineConstraintErrors({
  institutions_name_uq: { code: 'DUPLICATE_TRAINING_ORGANIZATION', field: 'name' },
  ...ownedRecordConstraintErrors('institutions'),
});
