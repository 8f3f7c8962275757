import { date, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, sharedKey } from '../../platform/db/columns.js';

/** One row per user and day signed in; the primary key makes a second sign-in impossible. */
export const userCheckins = pgTable(
  'user_checkins',
  {
    userId: requiredRef(() => users.id, 'cascade'),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'user_checkins_pk', columns: [t.userId, t.day] })],
);

/** Experience points of a user (sign-ins and, later, learning rules). */
export const userExperience = pgTable('user_experience', {
  userId: sharedKey(() => users.id),
  exp: integer().notNull().default(0),
});

/** Every header search (spec "search-record"): who searched what, of which type, when. */
export const searchRecords = pgTable(
  'search_records',
  {
    id: serial().primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    keyword: varchar({ length: 100 }).notNull(),
    type: varchar({ length: 16 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_records_user_id_idx').on(t.userId, t.id)],
);

/** Search counts per word (lower-cased): hot words and the header's suggestions. */
export const searchWords = pgTable(
  'search_words',
  {
    word: varchar({ length: 100 }).primaryKey(),
    total: integer().notNull().default(0),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_words_total_idx').on(t.total.desc(), t.word), index('search_words_prefix_idx').on(t.word.op('varchar_pattern_ops'))],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  user_checkins_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  user_experience_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  search_records_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
