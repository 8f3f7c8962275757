import type { AppPlatform, AppTerminal } from '@hanlin/shared';
import { index, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Released client versions shown on the public `/manage-version` page. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial().primaryKey(),
    version: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 2000 }).notNull(),
    /** android | ios | pc | h5 */
    terminal: varchar({ length: 16 }).notNull().$type<AppTerminal>(),
    /** student | manage | lecturer */
    platform: varchar({ length: 16 }).notNull().$type<AppPlatform>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('app_versions_version_uq').on(t.version, t.terminal, t.platform),
    index('app_versions_created_idx').on(t.createdAt, t.id),
    index('app_versions_terminal_created_idx').on(t.terminal, t.createdAt, t.id),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  app_versions_version_uq: { code: 'DUPLICATE_APP_VERSION', field: 'version' },
});
