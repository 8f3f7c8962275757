import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { BANNER_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

/** Banners of the portal home carousel (spec: manage-banner, add-banner; code tggl). */
export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 30 }).notNull(),
    /** An uploaded JPG/PNG (purpose `cover`): `/api/upload/file/<uuid>`. */
    image: text().notNull(),
    /** A route of this site or an https URL; null: the banner leads nowhere. */
    link: varchar({ length: 500 }),
    /** Smaller first in the carousel. */
    sort: integer().notNull().default(0),
    startAt: timestamp({ withTimezone: true }),
    endAt: timestamp({ withTimezone: true }),
    status: varchar({ length: 16 }).notNull().default(BANNER_LIFECYCLE.initial).$type<StateOf<typeof BANNER_LIFECYCLE>>(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    index('banners_org_id_idx').on(t.orgId, t.id),
    index('banners_current_idx')
      .on(t.sort, t.id)
      .where(sql`${t.status} = 'released'`),
    stateCheck('banners_status_check', t.status, BANNER_LIFECYCLE),
    check('banners_sort_check', sql`${t.sort} between 0 and 99999999`),
    check('banners_period_check', sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  banners_status_check: null,
  banners_sort_check: { code: 'PARAMETER_INVALID', field: 'sort' },
  banners_period_check: { code: 'PARAMETER_INVALID', field: 'endAt' },
  banners_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  banners_created_by_users_id_fk: { code: 'DATA_IN_USE', field: 'createdBy' },
});
