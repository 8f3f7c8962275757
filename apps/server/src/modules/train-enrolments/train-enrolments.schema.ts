import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TRAIN_ENROLMENT_LIFECYCLE, type StateOf, type TrainEnrolmentSource } from '@hanlin/shared';
import { users } from '../users/index.js';
import { trainClasses } from '../train-classes/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/**
 * One person's sign-up to one class (spec §4 "Sign-up"): one row per class and person, kept across
 * cancellations and sign-ups again (`re_registrations` counts them). Only `approved` holds a seat; the
 * queue is `queued` rows in `queue_seq` order (a global sequence: arrival order, also across re-registrations).
 */
export const trainEnrolments = pgTable(
  'train_enrolments',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar({ length: 16 }).notNull().default('pending').$type<StateOf<typeof TRAIN_ENROLMENT_LIFECYCLE>>(),
    source: varchar({ length: 8 }).notNull().default('self').$type<TrainEnrolmentSource>(),
    /** Arrival order in the queue; null when not queued. */
    queueSeq: bigint({ mode: 'number' }),
    /** Why it was refused or cancelled (shown to the person). */
    reason: varchar({ length: 500 }).notNull().default(''),
    reRegistrations: smallint().notNull().default(0),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('train_enrolments_class_user_uq').on(t.classId, t.userId),
    index('train_enrolments_class_status_idx').on(t.classId, t.status, t.queueSeq),
    index('train_enrolments_user_idx').on(t.userId, t.id),
    stateCheck('train_enrolments_status_check', t.status, TRAIN_ENROLMENT_LIFECYCLE),
    check('train_enrolments_source_check', sql`${t.source} in ('self', 'admin', 'import')`),
    check('train_enrolments_queue_check', sql`(${t.status} = 'queued') = (${t.queueSeq} is not null)`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  train_enrolments_class_user_uq: { code: 'ALREADY_ENROLLED', field: 'userId' },
  train_enrolments_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_enrolments_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'userId' },
  train_enrolments_decided_by_users_id_fk: null,
  train_enrolments_status_check: null,
  train_enrolments_source_check: { code: 'PARAMETER_INVALID', field: 'source' },
  train_enrolments_queue_check: null,
});
