import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';

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
