import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from './db/constraints.js';

/**
 * Background jobs (platform/jobs.ts): a durable queue in PostgreSQL, so jobs survive restarts and
 * any node may run them. `state`: queued → running → done | failed (running → queued on retry).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: varchar({ length: 64 }).notNull(),
    payload: jsonb().notNull().default({}),
    state: varchar({ length: 16 }).notNull().default('queued'),
    /** Not claimed before this time (retry backoff, or a deadline scheduled by a module). */
    runAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** At most one queued or running job per key (enqueueing again returns the existing job). */
    dedupeKey: varchar({ length: 200 }),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    progress: smallint().notNull().default(0),
    error: text(),
    /** The worker holding the job and until when; an expired lease is reclaimed by any worker. */
    lockedBy: varchar({ length: 100 }),
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.kind, t.runAfter)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} = 'running'`),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  jobs_dedupe_uq: null,
});
