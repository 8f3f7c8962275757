import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';

/**
 * Column builders and groups the tables repeat, spread into a `pgTable` column object where the
 * columns stand (`{ id: serial().primaryKey(), name: …, ...timestamps() }`). Each produces the
 * very columns it replaces: the migrations do not change.
 */

const writtenAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both `now()` when the row is inserted. */
export const timestamps = () => ({ createdAt: writtenAt(), updatedAt: writtenAt() });

type OnDelete = 'cascade' | 'restrict' | 'set null';

/** A required integer foreign key (`integer().notNull().references(target, { onDelete })`). */
export const requiredRef = (target: () => AnyPgColumn, onDelete: OnDelete) => integer().notNull().references(target, { onDelete });

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

/** One key of a link table: its column name, the row it points at, what deleting that row does. */
type LinkKey<K extends string> = readonly [key: K, target: () => AnyPgColumn, onDelete: OnDelete];

/**
 * A many-to-many link table (a user's roles, a position's labels): two required keys forming the
 * primary key `<name>_pk`, and `reverseIndex` on the second key for the lookup the other way.
 * `attributes` are the link's own columns after the keys (its order, whether it is required …).
 */
export function linkTable<const N extends string, const A extends string, const B extends string, E extends Record<string, PgColumnBuilderBase> = Record<never, never>>(
  name: N,
  first: LinkKey<A>,
  second: LinkKey<B>,
  reverseIndex: string,
  attributes?: E,
) {
  const [a, b] = [first[0], second[0]];
  const columns = { [a]: requiredRef(first[1], first[2]), [b]: requiredRef(second[1], second[2]), ...attributes } as { [K in A | B]: ReturnType<typeof requiredRef> } & E;
  return pgTable(name, columns, (t) => [primaryKey({ name: `${name}_pk`, columns: [t[a], t[b]] }), index(reverseIndex).on(t[b])]);
}
