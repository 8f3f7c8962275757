import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ATTENDANCE_SHEET_LIFECYCLE, type AttendanceSource, type AttendanceStatus, type StateOf } from '@hanlin/shared';
import { users } from '../users/index.js';
import { trainClasses, trainClassStages } from '../train-classes/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

const at = () => timestamp({ withTimezone: true });

/**
 * Attendance records (spec §3 "Attendance record": person, time, stage): one per stage and trainee, written by
 * the trainee's QR sign-in (`qr`), a keeper's manual entry (`manual`) or an Excel import (`import`); a manual
 * entry or an import replaces the record. `class_id` repeats the stage's class for the per-class reads.
 */
export const trainAttendanceRecords = pgTable(
  'train_attendance_records',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    stageId: integer()
      .notNull()
      .references(() => trainClassStages.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar({ length: 8 }).notNull().$type<AttendanceStatus>(),
    source: varchar({ length: 8 }).notNull().$type<AttendanceSource>(),
    /** When the trainee signed in (QR), or null for an entered record without a time. */
    signedAt: at(),
    /** Who entered or imported it (null for a QR sign-in). */
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('train_attendance_records_stage_user_uq').on(t.stageId, t.userId),
    index('train_attendance_records_class_user_idx').on(t.classId, t.userId),
    check('train_attendance_records_status_check', sql`${t.status} in ('present', 'late', 'absent', 'leave')`),
    check('train_attendance_records_source_check', sql`${t.source} in ('qr', 'manual', 'import')`),
  ],
);

/** A class's attendance sheet (draft → submitted → approved/refused by `pxkqsp:approve`); made on first use. */
export const trainAttendanceSheets = pgTable(
  'train_attendance_sheets',
  {
    classId: integer()
      .primaryKey()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof ATTENDANCE_SHEET_LIFECYCLE>>(),
    /** Why it was refused (shown to the keepers). */
    reason: varchar({ length: 500 }).notNull().default(''),
    submittedAt: at(),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [stateCheck('train_attendance_sheets_status_check', t.status, ATTENDANCE_SHEET_LIFECYCLE)],
);

export const constraintErrors = defineConstraintErrors({
  train_attendance_records_stage_user_uq: { code: 'DUPLICATE_DATA', field: 'entries' },
  train_attendance_records_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_attendance_records_stage_id_train_class_stages_id_fk: { code: 'NOT_FOUND_ERROR', field: 'stageId' },
  train_attendance_records_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'userId' },
  train_attendance_records_entered_by_users_id_fk: null,
  train_attendance_records_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  train_attendance_records_source_check: null,
  train_attendance_sheets_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_attendance_sheets_status_check: null,
  train_attendance_sheets_submitted_by_users_id_fk: null,
  train_attendance_sheets_decided_by_users_id_fk: null,
});
