import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid, varchar, text } from 'drizzle-orm/pg-core';
import type { ScormCatalogNode, ScormLessonStatus, ScormSco } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef } from '../../platform/db/columns.js';

/** Imported SCORM 1.2 packages; their files live in storage under `storage_prefix`. */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 500 }).notNull(),
    /** Always '1.2' for now (metadata schemaversion). */
    version: varchar({ length: 20 }).notNull(),
    /** The manifest's identifier attribute. */
    identifier: varchar({ length: 500 }).notNull().default(''),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's organization at import: the package's data scope for courseware managers. */
    orgId: integer().references(() => organizations.id),
    fileName: varchar({ length: 255 }).notNull(),
    catalog: jsonb().$type<ScormCatalogNode[]>().notNull(),
    scos: jsonb().$type<ScormSco[]>().notNull(),
    storagePrefix: varchar({ length: 100 }).notNull(),
    packedSize: bigint({ mode: 'number' }).notNull(),
    unpackedSize: bigint({ mode: 'number' }).notNull(),
    fileCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scorm_packages_uploaded_by_idx').on(t.uploadedBy, t.id), index('scorm_packages_org_id_idx').on(t.orgId, t.id)],
);

/**
 * The files of a package by their path inside it. Paths may hold any character a zip allows,
 * storage keys do not: each file is stored under a generated key.
 */
export const scormFiles = pgTable(
  'scorm_files',
  {
    packageId: requiredRef(() => scormPackages.id, 'cascade'),
    path: varchar({ length: 1000 }).notNull(),
    storageKey: varchar({ length: 300 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'scorm_files_pk', columns: [t.packageId, t.path] })],
);

/** A learner's run-time data of one SCO in one context ('course:12', 'preview'). */
export const scormRuntime = pgTable(
  'scorm_runtime',
  {
    id: serial().primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    packageId: requiredRef(() => scormPackages.id, 'cascade'),
    scoId: varchar({ length: 200 }).notNull(),
    contextKey: varchar({ length: 100 }).notNull(),
    lessonStatus: varchar({ length: 20 }).notNull().default('not attempted').$type<ScormLessonStatus>(),
    scoreRaw: doublePrecision(),
    scoreMin: doublePrecision(),
    scoreMax: doublePrecision(),
    lessonLocation: varchar({ length: 255 }).notNull().default(''),
    suspendData: text().notNull().default(''),
    /** Centiseconds of every session together (CMITimespan precision). */
    totalTimeCs: bigint({ mode: 'number' }).notNull().default(0),
    /** The exit value the SCO left with; 'suspend' makes the next entry 'resume'. */
    exit: varchar({ length: 20 }).notNull().default(''),
    /** Set at the first commit: until then a launch is 'ab-initio'. */
    firstCommittedAt: timestamp({ withTimezone: true }),
    lastCommittedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    passedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scorm_runtime_user_pkg_ctx_sco_uq').on(t.userId, t.packageId, t.contextKey, t.scoId), index('scorm_runtime_package_idx').on(t.packageId)],
);

/** One launch of a SCO: its session_time counts once however often it is committed. */
export const scormSessions = pgTable(
  'scorm_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    runtimeId: requiredRef(() => scormRuntime.id, 'cascade'),
    sessionTimeCs: bigint({ mode: 'number' }).notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('scorm_sessions_runtime_idx').on(t.runtimeId)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  scorm_packages_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  scorm_packages_uploaded_by_users_id_fk: { code: 'DATA_IN_USE', field: 'uploadedBy' },
  scorm_files_package_id_scorm_packages_id_fk: null,
  scorm_runtime_package_id_scorm_packages_id_fk: { code: 'IN_USE_COURSEWARE', field: 'packageId' },
  scorm_runtime_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  scorm_sessions_runtime_id_scorm_runtime_id_fk: null,
  scorm_runtime_user_pkg_ctx_sco_uq: null,
});
