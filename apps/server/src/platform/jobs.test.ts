import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../test/harness.js';
import { createJobQueue, installJobsSchema, JobFailure, type JobQueue } from './jobs.js';

const t = useTestApp();

const jobRow = async (id: number) =>
  (await t.db.execute<{ state: string; attempts: number; error: string | null; progress: number }>(sql`select * from jobs where id = ${id}`)).rows[0]!;

function queue(workerId: string, o: { leaseMs?: number; backoffMs?: number } = {}): JobQueue {
  return createJobQueue({ db: t.db, workerId, leaseMs: o.leaseMs ?? 1000, pollMs: 30, backoffMs: o.backoffMs ?? 20, maintenanceMs: 1000, cronCheckMs: 1000 });
}

describe('job queue', () => {
  it('runs a job once, stores progress and the done state', async () => {
    const q = queue('w-simple');
    const seen: unknown[] = [];
    q.handle<{ n: number }>('test.simple', async (run) => {
      seen.push(run.payload.n);
      await run.progress(50);
    });
    q.start();
    const { id } = await q.enqueue('test.simple', { n: 7 });
    const row = await q.settled(id);
    expect(row.state).toBe('done');
    expect(seen).toEqual([7]);
    expect(row.progress).toBe(100);
    expect(row.attempts).toBe(1);
    await q.stop();
  });

  it('a progress report the handler did not wait for never lands after the run ended at 100', async () => {
    const q = queue('w-late-progress');
    let late: Promise<void> | undefined;
    q.handle('test.late-progress', async (run) => {
      // e.g. ffmpeg's last progress line, reported from an event the handler does not wait for
      await new Promise<void>((resolve) => {
        late = new Promise<void>((r) => setTimeout(r, 150)).then(() => run.progress(99));
        resolve();
      });
    });
    q.start();
    const { id } = await q.enqueue('test.late-progress', {});
    expect((await q.settled(id)).state).toBe('done');
    await late;
    expect((await jobRow(id)).progress).toBe(100);
    await q.stop();
  });

  it('a job of a crashed worker is taken over by another after its lease expires', async () => {
    const a = queue('w-crash-a');
    const b = queue('w-crash-b');
    const ranOn: string[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    a.handle('test.crash', async () => {
      ranOn.push('a');
      await blocked; // never finishes before the crash
    });
    b.handle('test.crash', async () => {
      ranOn.push('b');
    });
    a.start();
    const { id } = await a.enqueue('test.crash', {});
    await a.started(id);
    await a.stop({ release: false }); // crash: the lease stays, nobody renews it
    expect((await jobRow(id)).state).toBe('running');
    b.start();
    const row = await b.settled(id);
    expect(row.state).toBe('done');
    expect(ranOn).toEqual(['a', 'b']);
    expect(row.attempts).toBe(2);
    release();
    await b.stop();
  });

  it('a running job keeps its lease while it runs longer than the lease', async () => {
    // Renewed every 200 ms: room for a slow statement on a loaded machine, still short beside the wait below.
    const a = queue('w-long-a', { leaseMs: 600 });
    const b = queue('w-long-b', { leaseMs: 600 });
    const ranOn: string[] = [];
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    a.handle('test.long', async () => {
      ranOn.push('a');
      await done;
    });
    b.handle('test.long', async () => {
      ranOn.push('b');
    });
    a.start();
    const { id } = await a.enqueue('test.long', {});
    await a.started(id);
    b.start();
    // Several lease lengths (600 ms) pass while b looks for due jobs every 30 ms and finds none.
    await b.idlePolls(100);
    expect((await jobRow(id)).state).toBe('running');
    expect(ranOn).toEqual(['a']);
    finish();
    expect((await a.settled(id)).state).toBe('done');
    expect(ranOn).toEqual(['a']);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('two workers never run the same job', async () => {
    const runs = new Map<number, number>();
    // Claims are what is raced here, not leases: a lease long enough that a loaded machine never lets one run out.
    const workers = ['w-race-1', 'w-race-2', 'w-race-3'].map((w) => queue(w, { leaseMs: 60_000 }));
    for (const w of workers)
      w.handle<{ i: number }>(
        'test.race',
        async (run) => {
          runs.set(run.payload.i, (runs.get(run.payload.i) ?? 0) + 1);
          await new Promise((r) => setImmediate(r)); // yield, so runs of different jobs interleave
        },
        { concurrency: 4 },
      );
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push((await workers[0]!.enqueue('test.race', { i })).id);
    workers.forEach((w) => w.start());
    const rows = await Promise.all(ids.map((id) => Promise.race(workers.map((w) => w.settled(id)))));
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(40);
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('retries a failing job with backoff, then fails it for good with the error kept', async () => {
    const q = queue('w-retry');
    let calls = 0;
    const failed: string[] = [];
    q.handle(
      'test.retry',
      async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 3, onFailed: async (j) => void failed.push(j.error) },
    );
    q.start();
    const { id } = await q.enqueue('test.retry', {});
    const row = await q.settled(id);
    expect(row.state).toBe('failed');
    expect(calls).toBe(3);
    expect(row.attempts).toBe(3);
    expect(row.error).toBe('boom 3');
    expect(failed).toEqual(['boom 3']);
    await q.stop();
  });

  it('a job that succeeds on its second attempt ends done; JobFailure without retry fails at once', async () => {
    const q = queue('w-retry2');
    let calls = 0;
    q.handle('test.flaky', async () => {
      if (++calls === 1) throw new Error('first time');
    });
    q.handle('test.broken', async () => {
      throw new JobFailure('broken input', { retry: false });
    });
    q.start();
    const flaky = await q.enqueue('test.flaky', {});
    const broken = await q.enqueue('test.broken', {});
    expect((await q.settled(flaky.id)).state).toBe('done');
    const b = await q.settled(broken.id);
    expect(b.state).toBe('failed');
    expect(calls).toBe(2);
    expect(b.attempts).toBe(1);
    expect(b.error).toBe('broken input');
    await q.stop();
  });

  it('waits for run_after and dedupes while a job with the same key is queued', async () => {
    const q = queue('w-later');
    const ran: number[] = [];
    q.handle('test.later', async () => void ran.push(Date.now()));
    const at = new Date(Date.now() + 600);
    const first = await q.enqueue('test.later', {}, { runAfter: at, dedupeKey: 'later-1' });
    const second = await q.enqueue('test.later', {}, { runAfter: at, dedupeKey: 'later-1' });
    expect(second.id).toBe(first.id);
    q.start();
    expect((await q.settled(first.id)).state).toBe('done');
    expect(ran).toHaveLength(1);
    expect(ran[0]!).toBeGreaterThanOrEqual(at.getTime() - 50);
    // Once done, the key is free again.
    const third = await q.enqueue('test.later', {}, { dedupeKey: 'later-1' });
    expect(third.id).not.toBe(first.id);
    await q.stop();
  });

  it('at most `concurrency` jobs of a kind run at once on one worker', async () => {
    const q = queue('w-conc');
    let now = 0;
    let max = 0;
    q.handle(
      'test.conc',
      async () => {
        max = Math.max(max, ++now);
        await new Promise((r) => setImmediate(r)); // yield, so runs would overlap if allowed
        now--;
      },
      { concurrency: 1 },
    );
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await q.enqueue('test.conc', { i })).id);
    q.start();
    await Promise.all(ids.map((id) => q.settled(id)));
    expect(max).toBe(1);
    await q.stop();
  });

  it('stopping hands an unfinished job back to the queue without spending an attempt', async () => {
    const a = queue('w-stop');
    a.handle('test.stop', async (run) => {
      await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
    });
    a.start();
    const { id } = await a.enqueue('test.stop', {});
    await a.started(id);
    await a.stop({ graceMs: 50 });
    const row = await jobRow(id);
    expect(row.state).toBe('queued');
    expect(row.attempts).toBe(0);
  });

  it('a job sent for a time runs at that time, not before', async () => {
    const q = queue('w-at');
    const ran: number[] = [];
    q.handle('test.at', async () => void ran.push(Date.now()));
    q.start();
    const when = new Date(Date.now() + 1500);
    const { id } = await q.sendAt('test.at', { reminder: 1 }, when);
    // Looked for many times before the time comes, and not run.
    await q.idlePolls(5);
    expect(ran).toEqual([]);
    const row = await q.settled(id);
    expect(row.state).toBe('done');
    expect(ran).toHaveLength(1);
    expect(ran[0]!).toBeGreaterThanOrEqual(when.getTime() - 50);
    // Due, it is found within a poll or two (30 ms here; 2 s by default), whatever the load.
    expect(ran[0]! - when.getTime()).toBeLessThan(3000);
    await q.stop();
  });

  it('a cron schedule sends a job to one of the workers, and its run gets a row', async () => {
    const a = queue('w-cron-a');
    const b = queue('w-cron-b');
    const seen: unknown[] = [];
    for (const w of [a, b]) w.handle<{ plan: number }>('test.cron', async (run) => void seen.push(run.payload.plan));
    a.start();
    b.start();
    const ran = Promise.race([a.ran('test.cron'), b.ran('test.cron')]);
    // Every minute: the minute under way is due at once.
    await a.schedule('test.cron', '* * * * *', { plan: 42 });
    await ran;
    await a.unschedule('test.cron');
    const rows = (await t.db.execute<{ state: string; payload: { plan: number } }>(sql`select * from jobs where kind = 'test.cron'`)).rows;
    expect(rows).toMatchObject([{ state: 'done', payload: { plan: 42 } }]);
    expect(seen).toEqual([42]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('jobs waiting in the queue before pg-boss (kept by the migration) run when they were due', async () => {
    const when = new Date(Date.now() + 800);
    const inserted = await t.db.execute<{ id: number }>(sql`insert into jobs (kind, payload, state, attempts) values ('test.earlier', '{"n": 3}', 'running', 1) returning id`);
    const id = Number(inserted.rows[0]?.id);
    await t.db.execute(sql`create table jobs_before_pgboss as select id, kind, ${when.toISOString()}::timestamptz as run_after, 3 as max_attempts from jobs where id = ${id}`);
    await installJobsSchema(t.db);
    expect((await t.db.execute(sql`select to_regclass('jobs_before_pgboss') as t`)).rows[0]).toEqual({ t: null });
    const q = queue('w-earlier');
    const ran: { n: number; at: number; attempt: number }[] = [];
    q.handle<{ n: number }>('test.earlier', async (run) => void ran.push({ n: run.payload.n, at: Date.now(), attempt: run.attempt }));
    q.start();
    expect((await q.settled(id)).state).toBe('done');
    expect(ran).toEqual([{ n: 3, at: expect.any(Number), attempt: 1 }]);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(when.getTime() - 50);
    await q.stop();
  });
});
