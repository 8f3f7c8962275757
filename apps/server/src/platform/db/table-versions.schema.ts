import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * A version per table, bumped by a statement trigger on every write (migration
 * `table_versions_triggers`); list totals are cached under the version they were counted at.
 */
export const tableVersions = pgTable('table_versions', {
  name: varchar({ length: 63 }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
