import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { LECTURER_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Lecturer levels (at most 10, spec section 9). */
export const teacherLevels = pgTable(
  'teacher_levels',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 20 }).notNull(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('teacher_levels_name_uq').on(sql`lower(${t.name})`), index('teacher_levels_sort_idx').on(t.sort, t.id)],
);

export const lecturers = pgTable(
  'lecturers',
  {
    id: serial().primaryKey(),
    /** Platform account of an internal lecturer; external lecturers have none. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    realname: varchar({ length: 30 }).notNull(),
    /** Lecturer identifier, 6–20 letters or digits. */
    username: varchar({ length: 20 }).notNull(),
    email: varchar({ length: 200 }),
    kind: varchar({ length: 16 }).notNull(),
    orgId: integer()
      .notNull()
      .references(() => organizations.id),
    unit: varchar({ length: 200 }),
    title: varchar({ length: 50 }),
    levelId: integer().references(() => teacherLevels.id, { onDelete: 'restrict' }),
    /** Teaching fee per time in fen. */
    feeFen: integer().notNull().default(0),
    avatar: varchar({ length: 500 }),
    introduction: varchar({ length: 2000 }),
    certificate: varchar({ length: 500 }),
    machineCode: varchar({ length: 100 }),
    status: varchar({ length: 16 }).notNull().default('normal').$type<StateOf<typeof LECTURER_LIFECYCLE>>(),
    certified: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    stateCheck('lecturers_status_check', t.status, LECTURER_LIFECYCLE),
    uniqueIndex('lecturers_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('lecturers_user_id_uq').on(t.userId),
    index('lecturers_org_id_idx').on(t.orgId, t.id),
    index('lecturers_level_id_idx').on(t.levelId),
    index('lecturers_created_idx').on(t.createdAt, t.id),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  lecturers_status_check: null,
  lecturers_username_uq: { code: 'DUPLICATE_LECTURER', field: 'username' },
  lecturers_user_id_uq: { code: 'DUPLICATE_LECTURER', field: 'userId' },
  teacher_levels_name_uq: { code: 'DUPLICATE_DATA', field: 'name' },
  lecturers_level_id_teacher_levels_id_fk: { code: 'IN_USE_LEVEL', field: 'levelId' },
  lecturers_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION_LECTURER', field: 'orgId' },
  lecturers_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
