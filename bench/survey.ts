/**
 * Survey day: 2,000 respondents of one released 20-question survey each open the answer sheet and
 * submit once, spread over 60 s (about 33 submissions/s), against a started server on the embedded
 * PostgreSQL (or DATABASE_URL). Prints p50/p95/p99 of the sheet and the submission, errors, and
 * checks that none was lost (stored answers and respondents = submissions answered 200).
 * Target (issue 20): submission p99 < 100 ms, 0 lost.
 * Run: npm run bench:survey   (DATABASE_URL optional; RESPONDENTS, DURATION seconds)
 */
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { signInput, type QuestionnaireInput } from '../packages/shared/src/index.js';
import { ADMIN_PASSWORD, cpuSnapshot, loginHeaders, printCpu, seedSignedInUsers, startBenchServer } from './support.js';

const RESPONDENTS = Number(process.env.RESPONDENTS ?? 2000);
const DURATION = Number(process.env.DURATION ?? 60);
const server = await startBenchServer();

/** Twenty questions of the kinds a satisfaction survey uses (the answer set is checked item by item). */
const items: QuestionnaireInput['items'] = Array.from({ length: 20 }, (_, i) => {
  const key = `q${i + 1}`;
  const title = `Question ${i + 1}`;
  switch (i % 5) {
    case 0:
      return { kind: 'single', key, title, required: true, options: ['Yes', 'No', 'Not sure'], allowOther: true };
    case 1:
      return { kind: 'multiple', key, title, required: true, options: ['Teacher', 'Slides', 'Pace', 'Room'], minPicks: 1, maxPicks: 3 };
    case 2:
      return { kind: 'rating', key, title, required: true, scale: 5 };
    case 3:
      return { kind: 'matrix', key, title, required: true, rows: ['Start', 'Middle', 'End'], columns: ['Bad', 'OK', 'Good'] };
    default:
      return { kind: 'textarea', key, title, required: false };
  }
});
/** One respondent's answers: varied picks, ratings, matrix cells and a short text. */
function answersOf(n: number) {
  const a: Record<string, unknown> = {};
  items.forEach((it, i) => {
    const r = (n + i) % 3;
    if (it.kind === 'single') a[it.key] = { picks: [r] };
    else if (it.kind === 'multiple') a[it.key] = { picks: r === 0 ? [0] : [0, r] };
    else if (it.kind === 'rating') a[it.key] = { rating: 1 + ((n + i) % 5) };
    else if (it.kind === 'matrix') a[it.key] = { rows: [r, (r + 1) % 3, 2] };
    else if (n % 4 === 0) a[it.key] = { text: `Respondent ${n} says a few words about question ${i + 1}.` };
  });
  return a;
}

/** The load generator in its own thread: each respondent opens the sheet, then submits, at its moment. */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, respondents } = workerData;
// Keep-alive connections as a fleet of browsers behind a proxy would use them.
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
const sheet = [], submit = [];
let errors = 0, refused = 0, submitted = 0, sampleRefusal = null;
const started = Date.now();
let pending = respondents.length;
for (const r of respondents) {
  setTimeout(async () => {
    try {
      let t0 = performance.now();
      const s = await post('/api/survey/my/sheet', r.headers, JSON.stringify({ id: r.surveyId }));
      sheet.push(performance.now() - t0);
      if (s.status !== 200) { refused++; sampleRefusal ??= s.body; }
      t0 = performance.now();
      const res = await post('/api/survey/my/submit', r.headers, r.body);
      submit.push(performance.now() - t0);
      if (res.status === 200) submitted++;
      else { refused++; sampleRefusal ??= res.body; }
    } catch {
      errors++;
    } finally {
      if (--pending === 0) parentPort.postMessage({ sheet, submit, errors, refused, submitted, sampleRefusal, seconds: (Date.now() - started) / 1000 });
    }
  }, r.offsetMs);
}
`;

interface LoadResult {
  sheet: number[];
  submit: number[];
  errors: number;
  refused: number;
  submitted: number;
  sampleRefusal: string | null;
  seconds: number;
}
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const line = (title: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  console.log(
    `  ${title} ms: p50 ${pct(s, 50).toFixed(1)}  p95 ${pct(s, 95).toFixed(1)}  p99 ${pct(s, 99).toFixed(1)}  max ${(s[s.length - 1] ?? 0).toFixed(1)}  (${s.length} calls)`,
  );
};

try {
  const t0 = Date.now();
  const sessions = await seedSignedInUsers(server.db, { prefix: 'respondent', realname: '调查对象', kind: 'employee', role: 'bench respondent', count: RESPONDENTS });
  const admin = await loginHeaders(server.base, 'admin', ADMIN_PASSWORD);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    const json = (await res.json()) as { msg: string; data: { id?: number } };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const now = Date.now();
  const { id: surveyId } = (await call('/api/survey/insert', {
    name: 'Bench survey',
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 3600_000).toISOString(),
    items,
    audience: [{ type: 'org', id: 1 }],
  })) as { id: number };
  await call('/api/survey/release', { ids: [surveyId] });
  // The clock job tells the audience it is open (start already passed: due at once); wait for it so it is not in the load.
  for (let i = 0; i < 100; i++) {
    const { rows } = await server.db.execute<{ at: string | null }>(sql`select open_notice_at as at from surveys where id = ${surveyId}`);
    if (rows[0]?.at) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows: told } = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where template = 'surveyOpened'`);
  await server.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${RESPONDENTS} respondents and a released 20-question survey in ${((Date.now() - t0) / 1000).toFixed(1)} s; open message sent to ${told[0]!.n}`);

  // Each respondent's moment, evenly spread over the run; the request is signed for that moment.
  const startAt = Date.now() + 1000;
  const respondents = sessions.map((s, i) => {
    const offsetMs = 1000 + Math.floor((i / sessions.length) * DURATION * 1000);
    const ts = startAt + offsetMs - 1000;
    const sign = crypto
      .createHash('sha256')
      .update(signInput(s.userId, ts, s.signNumber, 'hanlin'))
      .digest('hex');
    return {
      surveyId,
      offsetMs,
      body: JSON.stringify({ id: surveyId, answers: answersOf(i) }),
      headers: { authorization: `Bearer ${s.token}`, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' },
    };
  });
  const cpu0 = cpuSnapshot();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const w = new Worker(LOAD, { eval: true, workerData: { base: server.base, respondents } });
    w.once('message', (m: LoadResult) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
  console.log(`\nPOST /api/survey/my/sheet then /api/survey/my/submit: ${RESPONDENTS} respondents, 20 questions, over ${DURATION} s`);
  console.log(`  submissions/s: ${(result.submit.length / result.seconds).toFixed(1)}  (${result.submitted} accepted in ${result.seconds.toFixed(1)} s)`);
  line('sheet ', result.sheet);
  line('submit', result.submit);
  console.log(`  refused (non-2xx): ${result.refused}  errors (no answer): ${result.errors}${result.sampleRefusal ? `  first refusal: ${result.sampleRefusal}` : ''}`);
  printCpu(cpu0, cpuSnapshot(), result.sheet.length + result.submit.length);

  const { rows } = await server.db.execute<{ answers: number; respondents: number }>(sql`select
    (select count(*)::int from survey_responses where survey_id = ${surveyId}) as answers,
    (select count(*)::int from survey_respondents where survey_id = ${surveyId}) as respondents`);
  const lost = result.submitted - rows[0]!.answers;
  console.log(`\n  stored answers ${rows[0]!.answers}, respondents ${rows[0]!.respondents}, accepted submissions ${result.submitted}: lost ${lost}`);
  if (lost !== 0 || rows[0]!.respondents !== result.submitted) process.exitCode = 1;
} finally {
  await server.close();
}
