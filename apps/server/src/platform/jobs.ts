import crypto from 'node:crypto';
import os from 'node:os';
import { EventEmitter } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
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
  /** How long a claim holds without renewal (renewed every third of it while the job runs). */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (jobs of other nodes, run_after reached, leases expired). */
  pollMs?: number;
  /** Retry delay after attempt n: base·2^(n-1), capped at 10 minutes. */
  backoffMs?: number;
}

const MAX_BACKOFF_MS = 10 * 60_000;

/** A durable job queue in PostgreSQL: claims with FOR UPDATE SKIP LOCKED, leases, retries, progress. */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db, log } = opts;
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 2_000;
  const backoffMs = opts.backoffMs ?? 5_000;
  const kinds = new Map<string, { handler: JobHandler<any>; concurrency: number; maxAttempts: number; onFailed?: JobKindOptions['onFailed'] }>();
  const running = new Map<number, { kind: string; abort: AbortController; done: Promise<void>; released: boolean }>();
  let started = false;
  // Local events (tests and callers await them instead of polling): started, settled, idle.
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;

  const runningOf = (kind: string) => [...running.values()].filter((r) => r.kind === kind).length;

  /** Claims one due job of the given kinds: queued and due, or running with an expired lease. */
  async function claim(free: string[]): Promise<JobRow | null> {
    const res = await db.execute<Record<string, unknown>>(sql`
      update jobs set state = 'running', locked_by = ${workerId}, lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1, started_at = now(), error = case when state = 'running' then 'lease expired' else error end
      where id = (
        select id from jobs
        where kind in (${sql.join(
          free.map((k) => sql`${k}`),
          sql`, `,
        )})
          and ((state = 'queued' and run_after <= now()) or (state = 'running' and lease_until < now()))
        order by run_after, id
        limit 1
        for update skip locked
      )
      returning id`);
    const id = res.rows[0]?.id;
    if (id === undefined) return null;
    const [row] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, Number(id)));
    return row ?? null;
  }

  async function finish(id: number, values: Partial<typeof jobs.$inferInsert>) {
    await db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running')));
  }

  async function failForGood(job: JobRow, error: string) {
    await finish(job.id, { state: 'failed', error, lockedBy: null, leaseUntil: null, finishedAt: new Date() });
    const k = kinds.get(job.kind);
    await k?.onFailed?.({ id: job.id, payload: job.payload, error }).catch((e: unknown) => log?.error({ err: e, job: job.id }, 'job onFailed hook failed'));
  }

  function run(job: JobRow) {
    const k = kinds.get(job.kind)!;
    const abort = new AbortController();
    const entry = { kind: job.kind, abort, released: false, done: Promise.resolve() };
    running.set(job.id, entry);
    events.emit(`started:${job.id}`);
    let lastWrite = 0;
    let pending: number | undefined;
    const renew = setInterval(
      () => {
        void db
          .execute(
            sql`update jobs set lease_until = now() + ${`${leaseMs} milliseconds`}::interval where id = ${job.id} and locked_by = ${workerId} and state = 'running' returning id`,
          )
          .then((r) => {
            if (!r.rows.length) abort.abort(new Error('lease lost'));
          })
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    // An aborted run no longer holds the job: its lease runs out and the queue decides.
    abort.signal.addEventListener('abort', () => clearInterval(renew));
    const progress = async (p: number) => {
      pending = Math.max(0, Math.min(100, Math.round(p)));
      if (Date.now() - lastWrite < 500 && pending < 100) return;
      lastWrite = Date.now();
      const value = pending;
      await finish(job.id, { progress: value }).catch(() => undefined);
    };
    entry.done = (async () => {
      try {
        if (job.attempts > job.maxAttempts) {
          await failForGood(job, job.error ?? 'too many attempts');
          return;
        }
        await k.handler({ id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, signal: abort.signal, progress });
        if (abort.signal.aborted) throw abort.signal.reason;
        await finish(job.id, { state: 'done', progress: 100, error: null, lockedBy: null, leaseUntil: null, finishedAt: new Date() });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (entry.released) {
          // Shutdown: back to the queue without spending an attempt.
          await db
            .execute(
              sql`update jobs set state = 'queued', locked_by = null, lease_until = null, attempts = greatest(attempts - 1, 0) where id = ${job.id} and locked_by = ${workerId} and state = 'running'`,
            )
            .catch(() => undefined);
        } else if (abort.signal.aborted && !(e instanceof JobFailure)) {
          // Lease lost or crash simulation: whoever holds the job now decides.
        } else if ((e instanceof JobFailure && !e.opts.retry) || job.attempts >= job.maxAttempts) {
          log?.warn({ job: job.id, kind: job.kind, error: message }, 'job failed');
          await failForGood(job, message);
        } else {
          const delay = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (job.attempts - 1));
          await finish(job.id, { state: 'queued', error: message, lockedBy: null, leaseUntil: null, runAfter: sql`now() + ${`${delay} milliseconds`}::interval` as never });
        }
      } finally {
        clearInterval(renew);
        running.delete(job.id);
        events.emit(`ran:${job.id}`);
        events.emit('ran', job.kind);
        if (!stopping) wake();
      }
    })();
  }

  async function tick() {
    if (!started || stopping) return;
    for (;;) {
      const free = [...kinds.entries()].filter(([kind, k]) => runningOf(kind) < k.concurrency).map(([kind]) => kind);
      if (!free.length || stopping) return;
      const job = await claim(free);
      if (!job) events.emit('idle');
      if (!job || stopping) {
        if (job) await db.execute(sql`update jobs set state = 'queued', locked_by = null, attempts = attempts - 1 where id = ${job.id}`);
        return;
      }
      run(job);
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

  return {
    workerId,
    handle(kind, handler, o = {}) {
      if (kinds.has(kind)) throw new Error(`job handler for ${kind} registered twice`);
      kinds.set(kind, { handler, concurrency: o.concurrency ?? 2, maxAttempts: o.maxAttempts ?? 3, onFailed: o.onFailed });
    },
    async enqueue(kind, payload, o = {}) {
      const maxAttempts = o.maxAttempts ?? kinds.get(kind)?.maxAttempts ?? 3;
      const runAfter = o.runAfter ? sql`${o.runAfter.toISOString()}::timestamptz` : sql`now()`;
      const exec = o.db ?? db;
      const inserted = await exec.execute<{ id: number }>(sql`
        insert into jobs (kind, payload, run_after, dedupe_key, max_attempts)
        values (${kind}, ${JSON.stringify(payload ?? {})}::jsonb, ${runAfter}, ${o.dedupeKey ?? null}, ${maxAttempts})
        on conflict (dedupe_key) where state in ('queued', 'running') do nothing
        returning id`);
      let id = inserted.rows[0]?.id;
      if (id === undefined) {
        const existing = await exec.execute<{ id: number }>(sql`select id from jobs where dedupe_key = ${o.dedupeKey!} and state in ('queued', 'running')`);
        id = existing.rows[0]?.id;
        // The other job finished between the two statements: enqueue anew.
        if (id === undefined) return this.enqueue(kind, payload, o);
      }
      // A job enqueued inside a transaction is visible after its commit: the next poll finds it.
      if (!o.db) setImmediate(wake);
      return { id: Number(id) };
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
        started = false;
        return;
      }
      {
        let timeout: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.all(all.map((r) => r.done)), grace]);
        clearTimeout(timeout);
        for (const r of running.values()) {
          r.released = true;
          r.abort.abort(new Error('worker stopping'));
        }
      }
      await Promise.all(all.map((r) => r.done));
      started = false;
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
 * and answers the function enqueueing the next slot (call it once at start).
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
