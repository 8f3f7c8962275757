import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns, requiredRef } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

/** Meeting rooms (spec: manage-boardroom, add-boardroom; code ssgl). */
export const boardrooms = pgTable(
  'boardrooms',
  {
    id: serial().primaryKey(),
    number: varchar({ length: 30 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    position: varchar({ length: 200 }),
    facilities: varchar({ length: 500 }),
    capacity: integer().notNull(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    uniqueIndex('boardrooms_name_uq').on(t.name),
    uniqueIndex('boardrooms_number_uq').on(t.number),
    index('boardrooms_org_id_idx').on(t.orgId, t.id),
    check('boardrooms_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/**
 * Bookings of a room. Two bookings of one room never overlap: the exclusion constraint
 * `boardroom_bookings_no_overlap` (btree_gist, on room and tstzrange(start, end)) is added by hand
 * in the migration, since drizzle declares no exclusion constraints.
 */
export const boardroomBookings = pgTable(
  'boardroom_bookings',
  {
    id: serial().primaryKey(),
    roomId: requiredRef(() => boardrooms.id, 'cascade'),
    subject: varchar({ length: 100 }).notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    bookedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boardroom_bookings_room_idx').on(t.roomId, t.startAt), check('boardroom_bookings_period_check', sql`${t.endAt} > ${t.startAt}`)],
);

export const constraintErrors = defineConstraintErrors({
  boardrooms_name_uq: { code: 'DUPLICATE_MEETING_ROOM', field: 'name' },
  boardrooms_number_uq: { code: 'DUPLICATE_MEETING_ROOM', field: 'number' },
  boardrooms_capacity_check: { code: 'PARAMETER_INVALID', field: 'capacity' },
  ...ownedRecordConstraintErrors('boardrooms'),
  boardroom_bookings_no_overlap: { code: 'MEETING_ROOM_BOOKED', field: 'startAt' },
  boardroom_bookings_period_check: { code: 'PARAMETER_INVALID', field: 'endAt' },
  boardroom_bookings_room_id_boardrooms_id_fk: { code: 'NOT_FOUND_ERROR', field: 'roomId' },
  boardroom_bookings_booked_by_users_id_fk: null,
});
