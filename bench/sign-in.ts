/**
 * Class sign-in: 1,000 admitted trainees of one class scan the stage's rotating QR code and sign in, spread
 * over 60 s, against a started server on the embedded PostgreSQL (or DATABASE_URL). The class teacher's
 * screen asks the server for the current code every 2 s (it changes every 30 s); each trainee signs in with
 * the code shown at its moment. Prints p50/p95/p99 of the sign-in, errors and refusals, and checks that
 * none was lost (stored records = sign-ins answered 200, each trainee once).
 * Run: npm run bench:sign-in   (DATABASE_URL optional; TRAINEES, DURATION seconds)
 */
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { signInput } from '../packages/shared/src/index.js';
import { ADMIN_PASSWORD, cpuSnapshot, loginHeaders, printCpu, seedSignedInUsers, startBenchServer } from './support.js';

const TRAINEES = Number(process.env.TRAINEES ?? 1000);
const DURATION = Number(process.env.DURATION ?? 60);
const server = await startBenchServer();

/** The load generator in its own thread: each trainee signs in at its moment with the code shown then. */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, trainees } = workerData;
let token = workerData.token;
parentPort.on('message', (m) => { token = m.token; });
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(base + path), { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const times = [];
let errors = 0, refused = 0, signed = 0, sampleRefusal = null;
const started = Date.now();
let pending = trainees.length;
for (const t of trainees) {
  setTimeout(async () => {
    try {
      const t0 = performance.now();
      const res = await post('/api/train-attendance/sign-in', t.headers, JSON.stringify({ token }));
      times.push(performance.now() - t0);
      if (res.status === 200) signed++;
      else { refused++; sampleRefusal ??= res.body; }
    } catch {
      errors++;
    } finally {
      if (--pending === 0) parentPort.postMessage({ times, errors, refused, signed, sampleRefusal, seconds: (Date.now() - started) / 1000 });
    }
  }, t.offsetMs);
}
`;

interface LoadResult {
  times: number[];
  errors: number;
  refused: number;
  signed: number;
  sampleRefusal: string | null;
  seconds: number;
}
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

try {
  const t0 = Date.now();
  const sessions = await seedSignedInUsers(server.db, { prefix: 'trainee', realname: '学员', kind: 'employee', role: 'bench trainee', count: TRAINEES });
  const admin = await loginHeaders(server.base, 'admin', ADMIN_PASSWORD);
  // One started class of the root organization, one stage under way for the whole run, every trainee admitted.
  const now = Date.now();
  const { rows: cls } = await server.db.execute<{ id: number }>(sql`
    insert into train_classes (code, name, status, days, start_at, end_at, enrol_start_at, enrol_end_at, trainee_quota, org_id)
    values ('PXBENCH1', 'Bench sign-in class', 'started', 1, ${new Date(now - 3600_000)}, ${new Date(now + 8 * 3600_000)},
            ${new Date(now - 3 * 86400_000)}, ${new Date(now - 2 * 86400_000)}, ${TRAINEES}, 1) returning id`);
  const classId = cls[0]!.id;
  const { rows: st } = await server.db.execute<{ id: number }>(sql`
    insert into train_class_stages (class_id, name, starts_at, ends_at) values (${classId}, 'Opening', ${new Date(now + 60_000)}, ${new Date(now + 3 * 3600_000)}) returning id`);
  const stageId = st[0]!.id;
  await server.db.execute(sql`
    insert into train_enrolments (class_id, user_id, status, source)
    select ${classId}, u.id, 'approved', 'admin' from users u where u.username like 'trainee%'`);
  await server.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${TRAINEES} admitted trainees of one class in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const qr = async () => {
    const res = await fetch(`${server.base}/api/train-attendance/qr`, { method: 'POST', headers: admin, body: JSON.stringify({ stageId }) });
    const json = (await res.json()) as { data: { token: string } };
    if (res.status !== 200) throw new Error(`qr: ${res.status} ${JSON.stringify(json)}`);
    return json.data.token;
  };

  const startAt = Date.now() + 1000;
  const trainees = sessions.map((s, i) => {
    const offsetMs = 1000 + Math.floor((i / sessions.length) * DURATION * 1000);
    const ts = startAt + offsetMs - 1000;
    const sign = crypto
      .createHash('sha256')
      .update(signInput(s.userId, ts, s.signNumber, 'hanlin'))
      .digest('hex');
    return { offsetMs, headers: { authorization: `Bearer ${s.token}`, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' } };
  });
  const cpu0 = cpuSnapshot();
  const codes = new Set<string>();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    void qr().then((token) => {
      codes.add(token);
      const w = new Worker(LOAD, { eval: true, workerData: { base: server.base, trainees, token } });
      // The class teacher's screen: asks for the current code every 2 s.
      const screen = setInterval(() => {
        void qr().then((next) => {
          codes.add(next);
          w.postMessage({ token: next });
        }, reject);
      }, 2000);
      w.once('message', (m: LoadResult) => {
        clearInterval(screen);
        resolve(m);
        void w.terminate();
      });
      w.once('error', reject);
    }, reject);
  });
  const s = [...result.times].sort((a, b) => a - b);
  console.log(`\nPOST /api/train-attendance/sign-in: ${TRAINEES} trainees, one stage, over ${DURATION} s (${codes.size} codes shown)`);
  console.log(`  sign-ins/s: ${(result.times.length / result.seconds).toFixed(1)}  (${result.signed} accepted in ${result.seconds.toFixed(1)} s)`);
  console.log(
    `  sign-in ms: p50 ${pct(s, 50).toFixed(1)}  p95 ${pct(s, 95).toFixed(1)}  p99 ${pct(s, 99).toFixed(1)}  max ${(s.at(-1) ?? 0).toFixed(1)}  (${s.length} calls)`,
  );
  console.log(`  refused (non-2xx): ${result.refused}  errors (no answer): ${result.errors}${result.sampleRefusal ? `  first refusal: ${result.sampleRefusal}` : ''}`);
  printCpu(cpu0, cpuSnapshot(), result.times.length);

  const { rows } = await server.db.execute<{ records: number; people: number }>(
    sql`select count(*)::int as records, count(distinct user_id)::int as people from train_attendance_records where stage_id = ${stageId} and source = 'qr'`,
  );
  const lost = result.signed - rows[0]!.records;
  console.log(`\n  stored records ${rows[0]!.records} (${rows[0]!.people} people), accepted sign-ins ${result.signed}: lost ${lost}`);
  if (lost !== 0 || rows[0]!.people !== result.signed || result.errors > 0) process.exitCode = 1;
} finally {
  await server.close();
}
