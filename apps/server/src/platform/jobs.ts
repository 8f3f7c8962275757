import { getKnown } from '@hanlin/shared';
import crypto from 'node:crypto';
import os from 'node:os';
import { EventEmitter } from 'node:events';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from './db/client.js';
import { pgErrorOf } from './db/pg-errors.js';
import { jobs } from './jobs.schema.js';

export type JobRow = typeof jobs.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's job queue (tests await its events instead of polling). */
    jobs: JobQueue;
  }
}
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** What a handler receives for one run of a job. */
export interface JobRun<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the worker stops (shutdown) or loses the lease: stop soon, the job runs again later. */
  signal: AbortSignal;
  /** Stores progress 0–100 on the job row (throttled; the last value always lands). */
  progress(percent: number): Promise<void>;
}

export type JobHandler<P = unknown> = (run: JobRun<P>) => Promise<void>;

export interface JobKindOptions {
  /** Jobs of this kind running at once on one node (default 2). */
  concurrency?: number;
  /** Runs before the job is failed for good (default 3). */
  maxAttempts?: number;
  /** Called once when a job fails for good (after its last attempt, or a JobFailure with retry false). */
  onFailed?: (job: { id: number; payload: unknown; error: string }) => Promise<void>;
}

/** Thrown by a handler to fail a job: `retry: false` fails it for good (a broken input will not heal). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly opts: { retry: boolean } = { retry: true },
  ) {
    super(message);
  }
}

export interface EnqueueOptions {
  /** Not run before this time (exam deadlines, reminders). */
  runAfter?: Date;
  /** While a job with this key is queued or running, enqueueing again returns that job. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobQueue {
  /** Registers the handler of a kind (modules do this in `register`). */
  handle<P>(kind: string, handler: JobHandler<P>, opts?: JobKindOptions): void;
  /** Adds a job (or returns the queued/running one with the same dedupe key); `db` may be a transaction. */
  enqueue(kind: string, payload: unknown, opts?: EnqueueOptions & { db?: Pick<Db, 'execute'> }): Promise<{ id: number }>;
  /** Runs a job of `kind` at `when` (a state change at a start time, a reminder); `db` may be a transaction. */
  sendAt(kind: string, payload: unknown, when: Date, opts?: Omit<EnqueueOptions, 'runAfter'> & { db?: Pick<Db, 'execute'> }): Promise<{ id: number }>;
  /**
   * Runs a job of `kind` on a cron schedule (5 fields, minute precision, `tz` default UTC), once per
   * tick across every node; scheduling the same kind again replaces its schedule.
   */
  schedule(kind: string, cron: string, payload?: object, opts?: { tz?: string }): Promise<void>;
  /** Removes the cron schedule of `kind` (jobs already queued still run). */
  unschedule(kind: string): Promise<void>;
  get(ids: number[]): Promise<Map<number, JobRow>>;
  /** Starts claiming jobs of the registered kinds. */
  start(): void;
  /**
   * Stops claiming, waits up to `graceMs` for running jobs, then aborts them and hands them back
   * to the queue. `release: false` leaves them leased, as a crash would (tests).
   */
  stop(opts?: { graceMs?: number; release?: boolean }): Promise<void>;
  /** Wakes idle workers now (enqueue on this node already does). */
  wake(): void;
  /** Resolves when this worker starts running the job (at once if it already runs it). */
  started(id: number): Promise<void>;
  /**
   * Resolves with the job's row once it is done or failed for good: at once when it already is,
   * else when this worker settles it (a job another node runs is not observed).
   */
  settled(id: number): Promise<JobRow>;
  /** Resolves after this worker has looked for due jobs `n` more times and found none. */
  idlePolls(n: number): Promise<void>;
  /** Resolves when this worker next ends a run (of `kind`, when given), whatever its outcome. */
  ran(kind?: string): Promise<void>;
  readonly workerId: string;
}

export interface JobQueueOptions {
  db: Db;
  log?: FastifyBaseLogger;
  workerId?: string;
  /** How long a claim holds without renewal (renewed every third of it while the job runs); whole seconds in pg-boss. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (jobs of other nodes, start time reached, retries). */
  pollMs?: number;
  /** Retry delay base: about base·2^(n-1) after attempt n (pg-boss backoff, whole seconds, with jitter). */
  backoffMs?: number;
  /** How often pg-boss looks for expired leases (one node per period does it); a dead node's job is retried within lease + this. */
  maintenanceMs?: number;
  /** Days pg-boss keeps finished jobs in its archive (our `jobs` rows are kept). */
  retentionDays?: number;
  /** How often cron schedules are looked at (one node per period sends the due ones; 1–45 s). */
  cronCheckMs?: number;
}

/** A pg-boss statement run on a Drizzle handle: the app's pool, or the caller's transaction when a job is sent in one. */
function toSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((p, i) => (i % 2 ? sql.param(values[Number(p) - 1]) : sql.raw(p))),
    sql.raw(''),
  );
}
const adapter = (exec: Pick<Db, 'execute'>): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: (await exec.execute<Record<string, unknown>>(toSql(text, values))).rows }),
});

/** pg-boss's own schema, created and migrated by pg-boss itself (not by Drizzle). */
export const JOBS_SCHEMA = 'pgboss';

/** pg-boss options of a node: the app's pool, its schema, its maintenance period and archive. */
export function bossOptions(db: Pick<Db, 'execute'>, o: Pick<JobQueueOptions, 'maintenanceMs' | 'retentionDays' | 'cronCheckMs'> = {}): PgBoss.ConstructorOptions {
  const cronSeconds = Math.min(45, Math.max(1, Math.round((o.cronCheckMs ?? 30_000) / 1000)));
  return {
    db: adapter(db),
    schema: JOBS_SCHEMA,
    maintenanceIntervalSeconds: Math.max(1, Math.round((o.maintenanceMs ?? 60_000) / 1000)),
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: o.retentionDays ?? 7,
    // Cron schedules are looked at every 30 s by whichever node's timekeeper gets there first.
    schedule: true,
    cronMonitorIntervalSeconds: cronSeconds,
    cronWorkerIntervalSeconds: Math.min(5, cronSeconds),
  };
}

/** Creates or migrates pg-boss's schema now (the queue does it on first use anyway; the test template does it once for every clone). */
export async function installJobsSchema(db: Db) {
  const boss = new PgBoss({ ...bossOptions(db), supervise: false, schedule: false });
  await boss.start();
  try {
    await adoptEarlierJobs(db, boss);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * Jobs queued or running when pg-boss took over (migration 0062 kept them in `jobs_before_pgboss`):
 * sent to pg-boss due when they were, with the default lease and backoff, then the table goes.
 */
async function adoptEarlierJobs(db: Db, boss: PgBoss) {
  const stash = await db.execute<{ t: string | null }>(sql`select to_regclass('jobs_before_pgboss')::text as t`);
  if (!stash.rows[0]?.t) return;
  const { rows } = await db.execute<{ id: number; kind: string; run_after: string; max_attempts: number }>(sql`select * from jobs_before_pgboss order by id`);
  for (const kind of new Set(rows.map((r) => r.kind))) await boss.createQueue(kind, { name: kind, policy: 'standard' });
  await db.transaction(async (tx) => {
    for (const r of rows) {
      const bossId = crypto.randomUUID();
      await boss.send(
        r.kind,
        { jobId: Number(r.id) },
        { ...deliveryOptions(Math.max(0, r.max_attempts - 1)), id: bossId, startAfter: new Date(r.run_after), db: adapter(tx) },
      );
      await tx.execute(sql`update jobs set boss_id = ${bossId}, state = 'queued' where id = ${r.id}`);
    }
    await tx.execute(sql`drop table jobs_before_pgboss`);
  });
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BACKOFF_MS = 5_000;

/** How pg-boss delivers a job: attempts, backoff and lease (whole seconds in pg-boss). */
function deliveryOptions(retryLimit: number, leaseMs = DEFAULT_LEASE_MS, backoffMs = DEFAULT_BACKOFF_MS) {
  const retryDelay = Math.round(backoffMs / 1000);
  return { retryLimit, retryDelay, retryBackoff: retryDelay > 0, expireInSeconds: Math.max(1, Math.round(leaseMs / 1000)) };
}

/**
 * Jobs on pg-boss 10 (schema `pgboss`): pg-boss stores, delays, claims (SKIP LOCKED), retries with
 * backoff, expires the claims of dead nodes and runs cron schedules; this module adds the job row
 * (`jobs`: state, progress, attempts, error, dedupe key), leases renewed while a handler runs, an
 * abort signal, per-kind concurrency and a shutdown that hands jobs back without spending an attempt.
 */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db, log } = opts;
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const leaseSeconds = Math.max(1, Math.round((opts.leaseMs ?? DEFAULT_LEASE_MS) / 1000));
  const pollMs = opts.pollMs ?? 2_000;
  const delivery = (kind: string, maxAttempts?: number) => deliveryOptions(Math.max(0, (maxAttempts ?? kinds.get(kind)?.maxAttempts ?? 3) - 1), opts.leaseMs, opts.backoffMs);
  const boss = new PgBoss(bossOptions(db, opts));
  boss.on('error', (err: unknown) => log?.error({ err }, 'job queue: pg-boss failed'));
  const kinds = new Map<string, { handler: JobHandler<any>; concurrency: number; maxAttempts: number; onFailed?: JobKindOptions['onFailed'] }>();
  const running = new Map<number, { kind: string; bossId: string; abort: AbortController; done: Promise<void>; released: boolean }>();
  let started = false;
  // Local events (tests and callers await them instead of polling): started, ran, idle.
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;

  // pg-boss starts on first use (an enqueue at start-up may come before the workers start); every
  // queue is created once per node (creating an existing queue changes nothing), one at a time:
  // two creations at once deadlock in pg-boss 10, so one that loses to another node's is tried again.
  let booted: Promise<unknown> | undefined;
  const queues = new Map<string, Promise<void>>();
  let creating: Promise<unknown> = Promise.resolve();
  const createQueue = async (kind: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(kind, { name: kind, policy: 'standard' });
      } catch (e) {
        if (pgErrorOf(e).code !== '40P01' || attempt >= 5) throw e;
      }
    }
  };
  const ready = (kind: string) => {
    booted ??= boss.start();
    let q = queues.get(kind);
    if (!q) {
      const started = booted;
      q = (async () => {
        await started;
        const mine = creating.then(() => createQueue(kind));
        creating = mine.catch(() => undefined);
        await mine;
      })();
      q.catch(() => queues.delete(kind));
      queues.set(kind, q);
    }
    return q;
  };

  const runningOf = (kind: string) => [...running.values()].filter((r) => r.kind === kind).length;

  async function setRow(id: number, values: Partial<typeof jobs.$inferInsert>) {
    await db.update(jobs).set(values).where(eq(jobs.id, id));
  }

  /**
   * Our row of a claimed pg-boss job (jobs sent by a cron schedule get theirs on their first run);
   * null when the row was deleted: deleting a job's row cancels the job.
   */
  async function rowOf(job: PgBoss.JobWithMetadata<{ jobId?: number }>): Promise<JobRow | null> {
    const attempts = job.retryCount + 1;
    const values = { state: 'running', attempts, startedAt: new Date() };
    if (job.data?.jobId) {
      const [row] = await db.update(jobs).set(values).where(eq(jobs.id, job.data.jobId)).returning();
      if (!row) await boss.cancel(job.name, job.id);
      return row ?? null;
    }
    const [row] = await db
      .insert(jobs)
      .values({ kind: job.name, payload: job.data ?? {}, bossId: job.id, ...values })
      .onConflictDoUpdate({ target: jobs.bossId, set: values })
      .returning();
    return row;
  }

  async function failForGood(row: JobRow, error: string) {
    await setRow(row.id, { state: 'failed', error, finishedAt: new Date() });
    await kinds
      .get(row.kind)
      ?.onFailed?.({ id: row.id, payload: row.payload, error })
      .catch((e: unknown) => log?.error({ err: e, job: row.id }, 'job onFailed hook failed'));
  }

  /** Claims of this node last `leaseSeconds` past now while their handler runs (pg-boss 10 has no heartbeat of its own). */
  const renew = (kind: string, bossId: string) =>
    db.execute(
      sql`update ${sql.identifier(JOBS_SCHEMA)}.job set expire_in = (now() - started_on) + ${`${leaseSeconds} seconds`}::interval
          where name = ${kind} and id = ${bossId} and state = 'active' returning id`,
    );

  function run(job: PgBoss.JobWithMetadata<{ jobId?: number }>, row: JobRow) {
    const k = getKnown(kinds, row.kind, 'job kind');
    const abort = new AbortController();
    const entry = { kind: row.kind, bossId: job.id, abort, released: false, done: Promise.resolve() };
    running.set(row.id, entry);
    events.emit(`started:${row.id}`);
    let lastWrite = 0;
    const renewal = setInterval(
      () => {
        void renew(job.name, job.id)
          .then((r) => {
            if (!r.rows.length) abort.abort(new Error('lease lost'));
          })
          .catch(() => undefined);
      },
      Math.max(50, Math.floor((leaseSeconds * 1000) / 3)),
    );
    // An aborted run no longer holds the job: its lease runs out and pg-boss retries it.
    abort.signal.addEventListener('abort', () => clearInterval(renewal));
    const progress = async (p: number) => {
      const value = Math.max(0, Math.min(100, Math.round(p)));
      if (Date.now() - lastWrite < 500 && value < 100) return;
      lastWrite = Date.now();
      // Only while running: a report the handler did not wait for must not land after the run's 100.
      await db
        .update(jobs)
        .set({ progress: value })
        .where(and(eq(jobs.id, row.id), eq(jobs.state, 'running')))
        .catch(() => undefined);
    };
    /** Records a run that threw: back to the queue on shutdown, nothing when the lease was lost, else failed or retried. */
    const settle = async (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      if (entry.released) {
        // Shutdown: back to the queue without spending an attempt (pg-boss counts a run once started_on is set).
        await db
          .execute(
            sql`update ${sql.identifier(JOBS_SCHEMA)}.job set state = 'retry', started_on = null, start_after = now()
                where name = ${job.name} and id = ${job.id} and state = 'active'`,
          )
          .catch(() => undefined);
        await setRow(row.id, { state: 'queued', attempts: row.attempts - 1 }).catch(() => undefined);
      } else if (abort.signal.aborted && !(e instanceof JobFailure)) {
        // Lease lost or crash simulation: whoever holds the job now decides.
      } else if ((e instanceof JobFailure && !e.opts.retry) || row.attempts > job.retryLimit) {
        log?.warn({ job: row.id, kind: row.kind, error: message }, 'job failed');
        // Cancelled rather than failed in pg-boss: no retry is left or wanted.
        await boss.cancel(job.name, job.id);
        await failForGood(row, message);
      } else {
        await boss.fail(job.name, job.id, { message });
        await setRow(row.id, { state: 'queued', error: message });
      }
    };
    entry.done = (async () => {
      try {
        await k.handler({ id: row.id, kind: row.kind, payload: row.payload, attempt: row.attempts, signal: abort.signal, progress });
        if (abort.signal.aborted) throw abort.signal.reason;
        await boss.complete(job.name, job.id);
        await setRow(row.id, { state: 'done', progress: 100, error: null, finishedAt: new Date() });
      } catch (e) {
        // Recording the outcome needs the database: when it is down, the run is left to its lease (pg-boss retries
        // an expired job), and the failure is logged instead of ending the process as an unhandled rejection.
        await settle(e).catch((err: unknown) => log?.error({ err, job: row.id, kind: row.kind }, 'job queue: recording a run failed; its lease decides'));
      } finally {
        clearInterval(renewal);
        running.delete(row.id);
        events.emit(`ran:${row.id}`);
        events.emit('ran', row.kind);
        if (!stopping) wake();
      }
    })();
  }

  /**
   * A claim whose lease ran out on its last attempt is failed by pg-boss's maintenance without any
   * handler seeing it: its row is failed here, once (the update decides which node calls onFailed).
   */
  async function reapExpired() {
    const res = await db.execute<{ id: number }>(sql`
      update jobs j set state = 'failed', error = coalesce(j.error, 'lease expired'), finished_at = now()
      from ${sql.identifier(JOBS_SCHEMA)}.job b
      where j.state = 'running' and b.id = j.boss_id and b.name = j.kind and b.state = 'failed'
      returning j.id`);
    if (!res.rows.length) return;
    const rows = await db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          res.rows.map((r) => Number(r.id)),
        ),
      );
    for (const row of rows) {
      await kinds
        .get(row.kind)
        ?.onFailed?.({ id: row.id, payload: row.payload, error: row.error ?? 'lease expired' })
        .catch((e: unknown) => log?.error({ err: e, job: row.id }, 'job onFailed hook failed'));
      events.emit(`ran:${row.id}`);
    }
  }

  async function tick() {
    if (!started || stopping) return;
    let found = false;
    for (const [kind, k] of kinds) {
      for (;;) {
        const free = k.concurrency - runningOf(kind);
        if (free <= 0 || stopping) break;
        await ready(kind);
        const claimed = await boss.fetch<{ jobId?: number }>(kind, { batchSize: free, includeMetadata: true });
        if (!claimed.length) break;
        found = true;
        for (const job of claimed) {
          if (stopping) {
            await db.execute(
              sql`update ${sql.identifier(JOBS_SCHEMA)}.job set state = 'retry', started_on = null where name = ${kind} and id = ${job.id} and state = 'active'`,
            );
            continue;
          }
          const row = await rowOf(job);
          if (row) run(job, row);
        }
      }
    }
    if (!found && !stopping) {
      await reapExpired();
      events.emit('idle');
    }
  }

  function wake() {
    if (!started || stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = (async () => {
      do {
        again = false;
        await tick().catch((e: unknown) => log?.error({ err: e }, 'job queue: claiming failed'));
      } while (again && !stopping);
    })().finally(() => {
      ticking = undefined;
    });
  }

  async function enqueue(kind: string, payload: unknown, o: EnqueueOptions & { db?: Pick<Db, 'execute'> } = {}): Promise<{ id: number }> {
    await ready(kind);
    const write = async (exec: Pick<Db, 'execute'>) => {
      const bossId = crypto.randomUUID();
      const inserted = await exec.execute<{ id: number }>(sql`
        insert into jobs (kind, payload, dedupe_key, boss_id)
        values (${kind}, ${JSON.stringify(payload ?? {})}::jsonb, ${o.dedupeKey ?? null}, ${bossId})
        on conflict (dedupe_key) where state in ('queued', 'running') do nothing
        returning id`);
      const id = inserted.rows[0]?.id;
      if (id === undefined) {
        // Not inserted: a job of the same dedupe key is waiting or running.
        if (o.dedupeKey === undefined) return undefined;
        const existing = await exec.execute<{ id: number }>(sql`select id from jobs where dedupe_key = ${o.dedupeKey} and state in ('queued', 'running')`);
        return existing.rows[0]?.id;
      }
      await boss.send(kind, { jobId: Number(id) }, { ...delivery(kind, o.maxAttempts), id: bossId, startAfter: o.runAfter, db: adapter(exec) });
      return id;
    };
    const id = o.db ? await write(o.db) : await db.transaction((tx) => write(tx));
    // The other job finished between the two statements: enqueue anew.
    if (id === undefined) return enqueue(kind, payload, o);
    // A job enqueued inside a transaction is visible after its commit: the next poll finds it.
    if (!o.db) setImmediate(wake);
    return { id: Number(id) };
  }

  return {
    workerId,
    handle(kind, handler, o = {}) {
      if (kinds.has(kind)) throw new Error(`job handler for ${kind} registered twice`);
      kinds.set(kind, { handler, concurrency: o.concurrency ?? 2, maxAttempts: o.maxAttempts ?? 3, onFailed: o.onFailed });
    },
    enqueue,
    sendAt: (kind, payload, when, o = {}) => enqueue(kind, payload, { ...o, runAfter: when }),
    async schedule(kind, cron, payload = {}, o = {}) {
      await ready(kind);
      await boss.schedule(kind, cron, payload, { ...delivery(kind), tz: o.tz });
    },
    async unschedule(kind) {
      await ready(kind);
      await boss.unschedule(kind);
    },
    async get(ids) {
      if (!ids.length) return new Map();
      const rows = await db.select().from(jobs).where(inArray(jobs.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop({ graceMs = 10_000, release = true } = {}) {
      if (!started) return;
      stopping = true;
      clearInterval(timer);
      await ticking;
      const all = [...running.values()];
      if (!release) {
        // A crash: no renewals, no writes; the leases expire and other workers take the jobs.
        for (const r of all) r.abort.abort(new Error('worker crashed'));
      } else {
        let timeout: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.all(all.map((r) => r.done)), grace]);
        clearTimeout(timeout);
        for (const r of running.values()) {
          r.released = true;
          r.abort.abort(new Error('worker stopping'));
        }
        await Promise.all(all.map((r) => r.done));
      }
      started = false;
      // pg-boss's maintenance and cron timers stop with the node; it never fails our handed-back jobs
      // (it has no worker of its own here) and leaves the app's pool open.
      if (booted) {
        await booted.catch(() => undefined);
        await boss.stop({ graceful: false, close: false, wait: true });
        booted = undefined;
        queues.clear();
      }
    },
    wake,
    started(id) {
      if (running.has(id)) return Promise.resolve();
      return new Promise((resolve) => events.once(`started:${id}`, () => resolve()));
    },
    async settled(id) {
      for (;;) {
        // Listen first, then read: a run that ends in between is not missed.
        const ran = new Promise<void>((resolve) => events.once(`ran:${id}`, () => resolve()));
        const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
        if (!row) throw new Error(`job ${id} does not exist`);
        if (row.state === 'done' || row.state === 'failed') {
          events.removeAllListeners(`ran:${id}`);
          return row;
        }
        await ran;
      }
    },
    ran(kind) {
      return new Promise((resolve) => {
        const on = (k: string) => {
          if (kind !== undefined && k !== kind) return;
          events.off('ran', on);
          resolve();
        };
        events.on('ran', on);
      });
    },
    idlePolls(n) {
      return new Promise((resolve) => {
        let left = n;
        const on = () => {
          if (--left > 0) return;
          events.off('idle', on);
          resolve();
        };
        events.on('idle', on);
      });
    },
  };
}

/**
 * A job run once per period (its slot: the next whole `periodMs` since the epoch), whichever node
 * enqueues the slot first; each run, done or failed, enqueues the next slot. Registers the handler
 * and answers the function enqueueing the next slot (call it once at start). Periods that a cron
 * expression says (every hour, every day at 2:00) may use `jobs.schedule` instead.
 */
export function definePeriodicJob(jobs: JobQueue, kind: string, periodMs: number, work: () => Promise<unknown>) {
  const enqueueNext = (after = 0) => {
    const slot = Math.max(Math.floor(Date.now() / periodMs), after) + 1;
    return jobs.enqueue(kind, { slot }, { runAfter: new Date(slot * periodMs), dedupeKey: `${kind}:${slot}`, maxAttempts: 1 });
  };
  jobs.handle<{ slot?: number }>(
    kind,
    async (run) => {
      try {
        await work();
      } finally {
        await enqueueNext(run.payload.slot);
      }
    },
    { concurrency: 1, maxAttempts: 1 },
  );
  return enqueueNext;
}
