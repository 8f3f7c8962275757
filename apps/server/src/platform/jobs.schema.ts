import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from './db/constraints.js';

/**
 * The row of a background job (platform/jobs.ts): what it is, its state, progress, attempts and
 * error. pg-boss (schema `pgboss`) holds its delivery: start time, claim, lease, retries.
 * `state`: queued → running → done | failed (running → queued on retry or at shutdown).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: varchar({ length: 64 }).notNull(),
    payload: jsonb().notNull().default({}),
    state: varchar({ length: 16 }).notNull().default('queued'),
    /** At most one queued or running job per key (enqueueing again returns the existing job). */
    dedupeKey: varchar({ length: 200 }),
    attempts: integer().notNull().default(0),
    progress: smallint().notNull().default(0),
    error: text(),
    /** The pg-boss job delivering this one (same id across its retries). */
    bossId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_boss_id_uq').on(t.bossId),
    // The running rows, compared with pg-boss's state when a lease ran out on a last attempt.
    index('jobs_running_idx')
      .on(t.bossId)
      .where(sql`${t.state} = 'running'`),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  jobs_dedupe_uq: null,
  jobs_boss_id_uq: null,
});
