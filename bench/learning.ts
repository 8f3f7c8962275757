/**
 * Learning heartbeats: 2,000 learners of one course, each sending a heartbeat/progress call every
 * 10 s (200 calls/s), then the same learners at 4× that rate to find the knee. Target on this
 * machine: p99 under 50 ms at the normal rate, after a warm-up round that is reported on its own.
 * Run: npm run bench:learning   (DATABASE_URL optional; LEARNERS, DURATION seconds, FAST_DURATION)
 */
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { signInput } from '../packages/shared/src/index.js';
import { buildCourse, buildCourseware } from '../apps/server/src/test/learning.js';
import { recountLearnerTotals } from '../apps/server/src/modules/learning/index.js';
import { startBenchServer, printCpu, cpuSnapshot, seedSignedInUsers } from './support.js';

const LEARNERS = Number(process.env.LEARNERS ?? 2000);
const DURATION = Number(process.env.DURATION ?? 60);
const FAST_DURATION = Number(process.env.FAST_DURATION ?? 30);
const server = await startBenchServer();

/** The load generator runs in its own thread: each learner beats on its own timer, spread over the period. */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, learners, periodMs, durationMs } = workerData;
// Keep-alive connections as a fleet of browsers behind a proxy would use them (not one socket per learner).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const url = new URL(base + '/api/learning/heartbeat');
function post(headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const latencies = [];
let errors = 0, non2xx = 0, sent = 0;
const timers = [];
const started = Date.now();
let inFlight = 0;
function beat(l) {
  if (Date.now() - started >= durationMs) return;
  l.position += Math.round(periodMs / 1000);
  const t0 = performance.now();
  sent++; inFlight++;
  post(l.headers, JSON.stringify({ courseId: l.courseId, itemId: l.itemId, visible: true, position: l.position }))
    .then((status) => { if (status !== 200) non2xx++; latencies.push(performance.now() - t0); })
    .catch(() => { errors++; })
    .finally(() => { inFlight--; });
}
for (const [i, l] of learners.entries()) {
  const offset = (i / learners.length) * periodMs;
  timers.push(setTimeout(() => { beat(l); timers.push(setInterval(() => beat(l), periodMs)); }, offset));
}
setTimeout(async () => {
  for (const t of timers) { clearTimeout(t); clearInterval(t); }
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  parentPort.postMessage({ latencies, errors, non2xx, sent, seconds: (Date.now() - started) / 1000 });
}, durationMs);
`;

interface LoadResult {
  latencies: number[];
  errors: number;
  non2xx: number;
  sent: number;
  seconds: number;
}

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

try {
  const t0 = Date.now();
  const wares = [];
  // Hour-long videos (their duration as the media module would have probed it): nobody completes one during the run.
  for (let i = 0; i < 4; i++) wares.push(await buildCourseware(server.db, { type: 'video', name: `Bench video ${i}`, length: 3600 }));
  const course = await buildCourse(server.db, { name: 'Bench course', chapters: [wares.slice(0, 2), wares.slice(2)], audience: [{ type: 'org', id: 1 }] });
  const sessions = await seedSignedInUsers(server.db, { prefix: 'learner', realname: '学员', kind: 'employee', role: 'bench learner', count: LEARNERS });
  await server.db.execute(sql`insert into course_learners (course_id, user_id) select ${course.id}, id from users where username like 'learner%'`);
  // Each learner has opened the item they beat on (beats of an item never opened are refused), as
  // \`item/open\` would have written it: the item's row and the learner's clock.
  const items = sql.param(course.itemIds);
  await server.db.execute(sql`insert into course_item_progress (user_id, item_id, course_id)
    select u.id, (${items}::int[])[(1 + (row_number() over (order by u.id) - 1) % ${course.itemIds.length})::int], ${course.id}
    from users u where u.username like 'learner%'`);
  await server.db.execute(sql`insert into learning_clocks (user_id, last_beat_at) select id, now() from users where username like 'learner%' on conflict do nothing`);
  // Their totals rows, as starting would have made them (each beat adds to them).
  await recountLearnerTotals(server.db);
  await server.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${LEARNERS} learners of one course (4 videos) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const learners = () =>
    sessions.map((s, i) => {
      const ts = Date.now() + 30_000;
      const sign = crypto
        .createHash('sha256')
        .update(signInput(s.userId, ts, s.signNumber, 'hanlin'))
        .digest('hex');
      return {
        courseId: course.id,
        itemId: course.itemIds[i % course.itemIds.length]!,
        position: 0,
        headers: { authorization: `Bearer ${s.token}`, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' },
      };
    });

  async function run(title: string, periodMs: number, seconds: number) {
    const cpu0 = cpuSnapshot();
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const w = new Worker(LOAD, { eval: true, workerData: { base: server.base, learners: learners(), periodMs, durationMs: seconds * 1000 } });
      w.once('message', (m: LoadResult) => {
        resolve(m);
        void w.terminate();
      });
      w.once('error', reject);
    });
    const sorted = result.latencies.sort((a, b) => a - b);
    console.log(`\n${title}`);
    console.log(`  calls/s: ${(sorted.length / result.seconds).toFixed(1)}  (answered ${sorted.length} of ${result.sent} in ${result.seconds.toFixed(1)} s)`);
    console.log(`  latency ms: p50 ${pct(sorted, 50).toFixed(1)}  p99 ${pct(sorted, 99).toFixed(1)}  max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)}`);
    console.log(`  non-2xx: ${result.non2xx}  errors: ${result.errors}`);
    printCpu(cpu0, cpuSnapshot(), sorted.length);
  }
  // Each learner's first beat reads its session, roles and course into the caches and the first calls compile the
  // code paths: measured on its own (a server started under full load meets it), so that the steady state is not
  // the first seconds' queue (the slowest 1 % of a 60 s run all fell in its first 2 s).
  await run(`warm-up: every learner's first beat (nothing cached yet), spread over 10 s`, 10_000, 10);
  await run(`POST /api/learning/heartbeat: ${LEARNERS} learners, one beat each every 10 s, ${DURATION} s`, 10_000, DURATION);
  await run(`  the same learners at 4× the rate (a beat every 2.5 s), ${FAST_DURATION} s`, 2_500, FAST_DURATION);
  const { rows } = await server.db.execute<{ s: number; n: number }>(
    sql`select sum(learned_seconds)::int as s, count(*) filter (where learned_seconds > 0)::int as n from course_learners where course_id = ${course.id}`,
  );
  console.log(`\n  learning time counted: ${rows[0]!.s} s over ${rows[0]!.n} learners`);
} finally {
  await server.close();
}
