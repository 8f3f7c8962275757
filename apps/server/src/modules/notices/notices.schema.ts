import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { NOTICE_LIFECYCLE, type StateOf, type NoticeType } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Announcements and training notices (spec: manage-notice, add-notice; student "my notices"). */
export const notices = pgTable(
  'notices',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 200 }).notNull(),
    type: varchar({ length: 16 }).notNull().$type<NoticeType>(),
    cover: text(),
    /** Sanitized rich text (platform/rich-text.ts); its text at most 2,000 characters. */
    content: text().notNull(),
    displayTime: timestamp({ withTimezone: true }).notNull(),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof NOTICE_LIFECYCLE>>(),
    /** Smaller first in the portal, after the pinned notices. */
    sort: integer().notNull().default(0),
    pinned: boolean().notNull().default(false),
    /** The creator's organization: the record's data scope. */
    orgId: integer().references(() => organizations.id),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    releasedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notices_title_uq')
      .on(t.title)
      .where(sql`${t.deletedAt} is null`),
    index('notices_org_id_idx')
      .on(t.orgId, t.id)
      .where(sql`${t.deletedAt} is null`),
    stateCheck('notices_status_check', t.status, NOTICE_LIFECYCLE),
    check('notices_sort_check', sql`${t.sort} between 0 and 99999999`),
    // The portal's order: pinned first, then the sort number, then the newest.
    index('notices_portal_order_idx')
      .on(t.pinned.desc(), t.sort, t.displayTime.desc(), t.id.desc())
      .where(sql`${t.status} = 'released' and ${t.deletedAt} is null`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  notices_status_check: null,
  notices_sort_check: { code: 'PARAMETER_INVALID', field: 'sort' },
  notices_title_uq: { code: 'DUPLICATE_NOTICE_TITLE', field: 'title' },
  notices_created_by_users_id_fk: { code: 'DATA_IN_USE', field: 'createdBy' },
  notices_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
});
