import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isErrorName, isRecord, propOf, type ErrorName } from '@hanlin/shared';
import { AppError } from '../errors.js';
import { pgErrorOf } from './pg-errors.js';

/**
 * What a violated constraint (or unique index) means to a caller.
 * - unique: `code` (a DUPLICATE_*) naming `field`.
 * - foreign key: `code` (an IN_USE_*) when a delete or key change meets rows still pointing at
 *   the row; when the write itself points at a row that does not exist, NOT_FOUND_ERROR naming
 *   `field` (the referencing column).
 * - check: `code` naming `field`.
 * `null`: intentionally unmapped; the code guarantees it holds, so a violation is a bug
 * (logged, SERVER_ERROR).
 */
export interface ConstraintError {
  code: ErrorName;
  field?: string;
  /** Sent as the answer's `data` (unique and check violations). */
  data?: unknown;
}
export type ConstraintErrors = Record<string, ConstraintError | null>;

/** Declares a schema file's `constraintErrors` export (typed, keys kept). */
export const defineConstraintErrors = <const T extends ConstraintErrors>(errors: T): T => errors;

/**
 * The entries of a category tree (`defineTreeTable`): a sibling already carries the name
 * (`duplicateName`, field `name`); a node that still has children is not deleted.
 */
export const treeConstraintErrors = (table: string, duplicateName: ErrorName): ConstraintErrors => ({
  [`${table}_parent_name_uq`]: { code: duplicateName, field: 'name' },
  [`${table}_parent_id_${table}_id_fk`]: { code: 'IN_USE_SUBCLASS', field: 'parentId' },
});

/**
 * The entries of a record's owner columns (`ownedRecordColumns` of columns.ts): an organization
 * that still has records is not deleted; the creator is the signed-in caller (a violation is a bug).
 */
export const ownedRecordConstraintErrors = (table: string): ConstraintErrors => ({
  [`${table}_org_id_organizations_id_fk`]: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  [`${table}_created_by_users_id_fk`]: null,
});

/** An entry of a `constraintErrors` export as a schema file declares it: a catalogue code, a field name, any data; or null. */
const isConstraintError = (v: unknown): v is ConstraintError | null =>
  v === null || (isRecord(v) && typeof v.code === 'string' && isErrorName(v.code) && (v.field === undefined || typeof v.field === 'string'));

export type ConstraintRegistry = ReadonlyMap<string, ConstraintError | null>;

function schemaFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.schema\.(ts|js)$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/**
 * The `constraintErrors` of every `*.schema.ts` under platform/ and modules/, collected once when
 * the app starts (the same files drizzle-kit reads). A name declared twice is a startup error.
 */
export async function loadConstraintRegistry(): Promise<ConstraintRegistry> {
  const registry = new Map<string, ConstraintError | null>();
  // Resolved here, not on load: drizzle-kit loads the schema files (and this one) as CommonJS.
  const SRC_DIR = path.resolve(import.meta.dirname, '../..');
  const files = [...schemaFiles(path.join(SRC_DIR, 'platform')), ...schemaFiles(path.join(SRC_DIR, 'modules'))];
  // A build ships .js beside nothing else; a source run has .ts only. Never load both.
  const seen = new Set<string>();
  for (const file of files) {
    const stem = file.replace(/\.(ts|js)$/, '');
    if (seen.has(stem)) continue;
    seen.add(stem);
    const declared = propOf(await import(pathToFileURL(file).href), 'constraintErrors') ?? {};
    if (!isRecord(declared)) throw new Error(`${path.relative(SRC_DIR, file)}: constraintErrors is not an object`);
    for (const [name, error] of Object.entries(declared)) {
      if (registry.has(name)) throw new Error(`constraint ${name} is declared twice (${path.relative(SRC_DIR, file)})`);
      if (!isConstraintError(error)) throw new Error(`constraint ${name}: not an error of the catalogue (${path.relative(SRC_DIR, file)})`);
      registry.set(name, error);
    }
  }
  return registry;
}

const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const RESTRICT = '23001';
const CHECK = '23514';
const EXCLUSION = '23P01';

/**
 * The AppError a constraint violation means, from the registry; undefined when `e` is no such
 * violation or names a constraint the registry does not map (the caller then logs a SERVER_ERROR).
 */
export function constraintErrorOf(registry: ConstraintRegistry, e: unknown): AppError | undefined {
  const pg = pgErrorOf(e);
  if (!pg.constraint || ![UNIQUE, FOREIGN_KEY, RESTRICT, CHECK, EXCLUSION].includes(pg.code ?? '')) return undefined;
  const entry = registry.get(pg.constraint);
  if (!entry) return undefined;
  // A foreign key fails either way round: the written row names a missing row ("insert or update
  // on table …"), or a deleted/changed row is still referenced ("update or delete on table …").
  if (pg.code === FOREIGN_KEY && /^insert or update on table/.test(pg.message ?? '')) {
    return new AppError('NOT_FOUND_ERROR', entry.field ? { field: entry.field } : {});
  }
  if (pg.code === FOREIGN_KEY || pg.code === RESTRICT) return new AppError(entry.code);
  return new AppError(entry.code, { ...(entry.field ? { field: entry.field } : {}), ...(entry.data !== undefined ? { data: entry.data } : {}) });
}
