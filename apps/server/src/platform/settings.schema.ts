import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Key/value settings: login settings, licence, signing keys, LDAP, parameters. */
export const systemSettings = pgTable('system_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
