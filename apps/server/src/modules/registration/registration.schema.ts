import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { REGISTRATION_LIFECYCLE, type REGISTRATION_KINDS, type StateOf } from '@hanlin/shared';
import type { StoredPassword } from '../../platform/auth/credentials.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** Self-registrations awaiting an administrator's decision; approval creates the user. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial().primaryKey(),
    username: varchar({ length: 200 }).notNull(),
    realname: varchar({ length: 200 }).notNull(),
    email: varchar({ length: 200 }).notNull(),
    phone: varchar({ length: 11 }),
    orgId: integer().references(() => organizations.id, { onDelete: 'set null' }),
    kind: varchar({ length: 16 }).notNull().default('student').$type<(typeof REGISTRATION_KINDS)[number]>(),
    /** Employee number (employees) or student number, copied to the account on approval. */
    cardNumber: varchar({ length: 200 }),
    // Hashed by `storedPassword` on submission: the user approval creates keeps it.
    passwordHash: text().notNull().$type<StoredPassword>(),
    status: varchar({ length: 16 }).notNull().default('pending').$type<StateOf<typeof REGISTRATION_LIFECYCLE>>(),
    reason: varchar({ length: 200 }),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    stateCheck('registrations_status_check', t.status, REGISTRATION_LIFECYCLE),
    // Two pending registrations cannot claim the same name, e-mail or phone (decided ones may repeat).
    uniqueIndex('registrations_pending_username_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`status = 'pending'`),
    uniqueIndex('registrations_pending_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`status = 'pending'`),
    uniqueIndex('registrations_pending_phone_uq')
      .on(t.phone)
      .where(sql`status = 'pending'`),
    uniqueIndex('registrations_pending_card_number_uq')
      .on(t.cardNumber)
      .where(sql`status = 'pending'`),
    index('registrations_status_idx').on(t.status, t.id),
    index('registrations_org_idx').on(t.orgId, t.id),
    index('registrations_created_idx').on(t.createdAt, t.id),
  ],
);

/** A value a registration awaiting review already holds: the person (or someone) must wait for its decision. */
export const PENDING = { reason: 'pending' } as const;

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  registrations_status_check: null,
  registrations_pending_username_uq: { code: 'REGISTRATION_SUBMIT_ERROR', field: 'username', data: PENDING },
  registrations_pending_email_uq: { code: 'REGISTRATION_SUBMIT_ERROR', field: 'email', data: PENDING },
  registrations_pending_phone_uq: { code: 'REGISTRATION_SUBMIT_ERROR', field: 'phone', data: PENDING },
  registrations_pending_card_number_uq: { code: 'REGISTRATION_SUBMIT_ERROR', field: 'cardNumber', data: PENDING },
  registrations_org_id_organizations_id_fk: { code: 'DATA_IN_USE', field: 'orgId' },
  registrations_reviewed_by_users_id_fk: { code: 'DATA_IN_USE', field: 'reviewedBy' },
  registrations_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
