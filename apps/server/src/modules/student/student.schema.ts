import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** One row per user and day signed in; the primary key makes a second sign-in impossible. */
export const userCheckins = pgTable(
  'user_checkins',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'user_checkins_pk', columns: [t.userId, t.day] })],
);

/** Experience points of a user (sign-ins and, later, learning rules). */
export const userExperience = pgTable('user_experience', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  exp: integer().notNull().default(0),
});

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  user_checkins_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  user_experience_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
