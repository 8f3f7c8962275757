import { sql } from 'drizzle-orm';
import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders and groups the tables repeat, spread into a `pgTable` column object where the
 * columns stand (`{ id: serial().primaryKey(), name: …, ...timestamps() }`). Each produces the
 * very columns it replaces: the migrations do not change.
 */

const writtenAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both `now()` when the row is inserted. */
export const timestamps = () => ({ createdAt: writtenAt(), updatedAt: writtenAt() });

/** A required integer foreign key (`integer().notNull().references(target, { onDelete })`). */
export const requiredRef = (target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict' | 'set null') => integer().notNull().references(target, { onDelete });

/** A primary key that is the key of another table's row: this row extends that one (one each) and goes with it. */
export const sharedKey = (target: () => AnyPgColumn) => integer().primaryKey().references(target, { onDelete: 'cascade' });

/** A text array, empty by default (labels, permission codes …). */
export const textArray = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * The owner and audit columns of a managed record: the creator's organization (the record's data
 * scope; an organization with records is not deleted), the creator (kept as null when the account
 * goes), and the timestamps. platform/ does not know the modules' tables: the caller names their
 * keys, late (`() => ({ org: organizations.id, user: users.id })`) as any reference.
 */
export const ownedRecordColumns = (keys: () => { org: AnyPgColumn; user: AnyPgColumn }) => ({
  orgId: integer().references(() => keys().org, { onDelete: 'restrict' }),
  createdBy: integer().references(() => keys().user, { onDelete: 'set null' }),
  ...timestamps(),
});
