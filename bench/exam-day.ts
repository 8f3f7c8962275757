/**
 * Exam day: N examinees (default 5,000) of one exam start within 60 s, each autosaves its changed
 * answers every 15 s, then all submit within 60 s, while the server's own deadline job submits
 * the few who never do (5 % walk away). Prints calls per second, p50/p99 per call type, errors
 * (5xx apart) and lost answers: what the server acknowledged compared with what it stored.
 * Before the load, the cost of one start in isolation (one examinee after another, nothing else
 * running): queries sent to PostgreSQL and milliseconds per start, for a fixed and a random paper.
 * Targets on this machine: 0 lost answers, 0 5xx, start p99 < 300 ms, autosave p99 < 100 ms.
 * Per 30 s of the run: calls, p50/p99 per call type and statements sent per call; with STATEMENTS=1 also
 * which statements (grouped by their first words) each window sent, with their average and slowest time. Beside each
 * call type: its time in the server (from the server's 'request' event to the answer's 'finish'; reads higher than the
 * examinee's figure in quiet windows, so a hint, not a bound) and its wait for a socket of the load generator's agent;
 * then the event loop delay of both threads and the calls waiting for a pooled connection.
 * Run: npm run bench:exam-day -- [--examinees 5000] [--minutes 2] [--profile 40]   (DATABASE_URL optional; STATEMENTS=1)
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { signInput } from '../packages/shared/src/index.js';
import { startBenchServer, printCpu, cpuSnapshot, loginHeaders, seedSignedInUsers, ADMIN_PASSWORD } from './support.js';

const { values: args } = parseArgs({
  options: { examinees: { type: 'string', default: '5000' }, minutes: { type: 'string', default: '2' }, profile: { type: 'string', default: '40' } },
});
/** Starts timed one by one, per paper kind, before the load. */
const PROFILE = Number(args.profile);

/** Statements this process sends to PostgreSQL (the server runs in-process) and the ms they take: counted around the isolated starts. */
let queries = 0;
let queryMs = 0;
/** During the load: when each statement was sent, with STATEMENTS=1 its first words and how long it took to answer (ms, pool wait apart). */
const statementLog: { at: number; text: string; ms: number }[] = [];
let logStatements = false;
const STATEMENT_WORDS = process.env.STATEMENTS === '1';
/** A statement named by its first words (whitespace folded), enough to tell them apart. */
const statementName = (q: unknown): string => {
  const text = typeof q === 'string' ? q : q && typeof q === 'object' && 'text' in q ? String((q as { text: unknown }).text) : '?';
  return text.replace(/\s+/g, ' ').trim().slice(0, 70);
};
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  queries++;
  const entry = logStatements ? { at: Date.now(), text: STATEMENT_WORDS ? statementName(a[0]) : '', ms: 0 } : null;
  if (entry) statementLog.push(entry);
  const t = performance.now();
  // The pool's own query() hands the client a callback (and gets no promise back).
  const cb = a.findIndex((x) => typeof x === 'function');
  if (cb >= 0) {
    const done = a[cb] as (...y: unknown[]) => void;
    a[cb] = (...y: unknown[]) => {
      queryMs += performance.now() - t;
      if (entry) entry.ms = performance.now() - t;
      done(...y);
    };
  }
  const r = (clientQuery as (...x: unknown[]) => unknown).apply(this, a);
  if (r instanceof Promise)
    void r
      .then(() => {
        queryMs += performance.now() - t;
        if (entry) entry.ms = performance.now() - t;
      })
      .catch(() => undefined);
  return r;
} as typeof clientQuery;
/** During the load: how long the server took per call (from the request to the answer sent), by path. */
const serverLog: { at: number; path: string; ms: number }[] = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...a: unknown[]) {
  if (event === 'request' && logStatements) {
    const [req, res] = a as [http.IncomingMessage, http.ServerResponse];
    const t = performance.now();
    res.once('finish', () => serverLog.push({ at: Date.now(), path: req.url ?? '', ms: performance.now() - t }));
  }
  return emit.call(this, event, ...a);
} as typeof emit;
const EXAMINEES = Number(args.examinees);
/** Minutes of answering between the start window and the submit window. */
const MINUTES = Number(args.minutes);
const START_WINDOW_S = 60;
const SUBMIT_WINDOW_S = 60;
const SAVE_EVERY_S = 15;
const ABSENT_SHARE = 0.05;

const server = await startBenchServer();

/** The examinees in their own thread, each on its own timers, as a fleet of browsers behind a proxy. */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const crypto = require('node:crypto');
const { base, examinees, examId, startWindowMs, answerMs, submitWindowMs, saveEveryMs, absentShare } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
function headers(e) {
  const ts = Date.now();
  const sign = crypto.createHash('sha256').update(String(e.userId) + ts + e.signNumber + 'hanlin').digest('hex');
  return { authorization: 'Bearer ' + e.token, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' };
}
function post(path, e, body) {
  const data = JSON.stringify(body);
  const t = performance.now();
  let socketMs = 0;
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method: 'POST', agent, headers: { ...headers(e), 'content-length': Buffer.byteLength(data) } }, (res) => {
      const headersMs = performance.now() - t;
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let json = null;
        try { json = JSON.parse(Buffer.concat(chunks).toString()); } catch {}
        resolve({ status: res.statusCode, json, socketMs, headersMs });
      });
    });
    req.on('socket', () => (socketMs = performance.now() - t));
    req.on('error', reject);
    req.end(data);
  });
}
const stats = {};
function record(kind, ms, status, msg) {
  const s = (stats[kind] ??= { latencies: [], at: [], c4xx: 0, c5xx: 0, errors: 0, codes: {} });
  if (ms !== null) { s.latencies.push(ms); s.at.push(Date.now()); }
  if (status === 0) s.errors++;
  else if (status >= 500) s.c5xx++;
  else if (status >= 400) { s.c4xx++; s.codes[msg] = (s.codes[msg] ?? 0) + 1; }
}
async function timed(kind, path, e, body) {
  const t0 = performance.now();
  try {
    const r = await post(path, e, body);
    record(kind, performance.now() - t0, r.status, r.json && r.json.msg);
    (stats[kind].socketMs ??= []).push(r.socketMs);
    (stats[kind].headersMs ??= []).push(r.headersMs);
    return r;
  } catch (err) {
    record(kind, null, 0);
    return { status: 0, json: null };
  }
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function randomAnswer(q) {
  if (q.type === 'judgment') return { choices: [Math.random() < 0.5 ? 'T' : 'F'] };
  if (q.type === 'single') return { choices: [LETTERS[Math.floor(Math.random() * q.options.length)]] };
  if (q.type === 'multiple') return { choices: [LETTERS[0], LETTERS[1 + Math.floor(Math.random() * (q.options.length - 1))]] };
  if (q.type === 'fill') return { blanks: Array.from({ length: q.blankCount }, () => crypto.randomBytes(3).toString('hex')) };
  return { text: 'answer ' + crypto.randomBytes(4).toString('hex') };
}
const t0 = Date.now();
// This thread's own event loop delay per 30 s: a late loop makes every latency it measures longer.
const loopDelay = [];
const eld = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 });
eld.enable();
const eldEvery = setInterval(() => { loopDelay.push({ p50: eld.percentile(50) / 1e6, p99: eld.percentile(99) / 1e6 }); eld.reset(); }, 30000);
let pending = 0;
const acked = {}; // attemptId -> { position: [seq, answerJson] }
const attempts = [];
function examinee(e, i) {
  const startAt = (i / examinees.length) * startWindowMs;
  const absent = i % Math.round(1 / absentShare) === 0;
  const submitAt = startWindowMs + answerMs + (i / examinees.length) * submitWindowMs;
  let attemptId = null, questions = [], seq = {}, busy = null, timer = null;
  pending++;
  setTimeout(async () => {
    const r = await timed('start', '/api/exam/attempt/start', e, { examId });
    if (r.status !== 200) { pending--; return; }
    attemptId = r.json.data.attemptId;
    questions = r.json.data.questions;
    attempts.push(attemptId);
    acked[attemptId] = {};
    const save = async () => {
      if (busy || Date.now() - t0 >= submitAt) return;
      const n = 1 + Math.floor(Math.random() * 3);
      const answers = [];
      for (let k = 0; k < n; k++) {
        const q = questions[Math.floor(Math.random() * questions.length)];
        if (answers.some((a) => a.position === q.position)) continue;
        seq[q.position] = (seq[q.position] ?? 0) + 1;
        answers.push({ position: q.position, answer: randomAnswer(q), flagged: false, seq: seq[q.position] });
      }
      busy = timed('save', '/api/exam/attempt/save', e, { attemptId, answers }).then((res) => {
        if (res.status === 200) for (const a of answers) {
          const prev = acked[attemptId][a.position];
          if (!prev || prev[0] < a.seq) acked[attemptId][a.position] = [a.seq, JSON.stringify(a.answer)];
        }
      });
      await busy;
      busy = null;
    };
    // The first save a random moment into the period, then every period.
    setTimeout(() => { save(); timer = setInterval(save, saveEveryMs); }, Math.random() * saveEveryMs);
    if (absent) { setTimeout(() => { clearInterval(timer); pending--; }, submitAt - (Date.now() - t0)); return; }
    setTimeout(async () => {
      clearInterval(timer);
      if (busy) await busy;
      await timed('submit', '/api/exam/attempt/submit', e, { attemptId });
      pending--;
    }, submitAt - (Date.now() - t0));
  }, startAt);
}
examinees.forEach(examinee);
const done = setInterval(() => {
  if (pending > 0) return;
  clearInterval(done);
  clearInterval(eldEvery);
  loopDelay.push({ p50: eld.percentile(50) / 1e6, p99: eld.percentile(99) / 1e6 });
  parentPort.postMessage({ stats, acked, attempts, loopDelay, seconds: (Date.now() - t0) / 1000 });
}, 250);
`;

interface Stat {
  latencies: number[];
  /** When each call (of `latencies`, same order) was answered (epoch ms). */
  at: number[];
  /** Per answered call (same order): ms until the HTTP agent gave it a socket, and until the answer's headers came. */
  socketMs: number[];
  headersMs: number[];
  c4xx: number;
  c5xx: number;
  errors: number;
  codes: Record<string, number>;
}
interface LoadResult {
  stats: Record<string, Stat>;
  acked: Record<string, Record<string, [number, string]>>;
  attempts: number[];
  /** The load generator's event loop delay per 30 s (ms). */
  loopDelay: { p50: number; p99: number }[];
  seconds: number;
}
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
/** JSON with sorted keys (jsonb reorders keys). */
const canonical = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;

/** Per 30 s of the load: calls and p50/p99 per call type, statements per call; with STATEMENTS=1 the statements by their first words. */
/** Per 30 s of the load: the server thread's event loop delay (p99) and the calls waiting for a pooled connection. */
const machine: { loopP99: number; poolWaiting: number; poolMax: number }[] = [];
function watchMachine() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let samples = 0;
  let waiting = 0;
  let max = 0;
  const sample = setInterval(() => {
    samples++;
    waiting += server.pool.waitingCount;
    max = Math.max(max, server.pool.waitingCount);
  }, 100);
  const flush = () => {
    machine.push({ loopP99: loop.percentile(99) / 1e6, poolWaiting: samples ? waiting / samples : 0, poolMax: max });
    loop.reset();
    samples = waiting = max = 0;
  };
  const every = setInterval(flush, 30_000);
  return () => {
    clearInterval(sample);
    clearInterval(every);
    flush();
    loop.disable();
  };
}

function printWindows(result: LoadResult, loadStart: number) {
  const WINDOW_MS = 30_000;
  const windowOf = (at: number) => Math.max(0, Math.floor((at - loadStart) / WINDOW_MS));
  const windows = new Map<number, { kinds: Map<string, number[]>; statements: number; names: Map<string, { n: number; ms: number; max: number }> }>();
  const get = (w: number) => {
    let x = windows.get(w);
    if (!x) windows.set(w, (x = { kinds: new Map(), statements: 0, names: new Map() }));
    return x;
  };
  const socketWaits = new Map<string, number[]>();
  for (const [kind, s] of Object.entries(result.stats))
    s.at.forEach((at, i) => {
      const k = get(windowOf(at)).kinds;
      let list = k.get(kind);
      if (!list) k.set(kind, (list = []));
      list.push(s.latencies[i]!);
      const key = `${windowOf(at)}:${kind}`;
      let waits = socketWaits.get(key);
      if (!waits) socketWaits.set(key, (waits = []));
      waits.push(s.socketMs[i] ?? 0);
    });
  for (const { at, text, ms } of statementLog) {
    const w = get(windowOf(at));
    w.statements++;
    if (!STATEMENT_WORDS) continue;
    const named = w.names.get(text) ?? { n: 0, ms: 0, max: 0 };
    named.n++;
    named.ms += ms;
    named.max = Math.max(named.max, ms);
    w.names.set(text, named);
  }
  console.log('\n  per 30 s (p50 / p99 ms; statements sent by the server per call answered; with STATEMENTS=1 the most sent, avg ms from sent to answered):');
  for (const w of [...windows.keys()].sort((a, b) => a - b)) {
    const x = windows.get(w)!;
    const n = [...x.kinds.values()].reduce((a, l) => a + l.length, 0);
    const parts = [...x.kinds.entries()].map(([kind, l]) => {
      l.sort((a, b) => a - b);
      const inServer = serverLog
        .filter((r) => windowOf(r.at) === w && r.path.endsWith(`/${kind}`))
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      const waits = (socketWaits.get(`${w}:${kind}`) ?? []).sort((a, b) => a - b);
      return `${kind} ${l.length} ${pct(l, 50).toFixed(0)} / ${pct(l, 99).toFixed(0)} (in the server ${pct(inServer, 50).toFixed(0)} / ${pct(inServer, 99).toFixed(0)}, waiting for a socket ${pct(waits, 50).toFixed(0)} / ${pct(waits, 99).toFixed(0)})`;
    });
    const m = machine[w];
    console.log(
      `  ${String(w * 30).padStart(4)}–${String(w * 30 + 30).padEnd(4)} s  ${parts.join('   ')}   statements ${x.statements} (${n ? (x.statements / n).toFixed(2) : '—'} per call)` +
        (m ? `  server event loop delay p99 ${m.loopP99.toFixed(0)} ms, calls waiting for the pool ${m.poolWaiting.toFixed(1)} avg / ${m.poolMax} max` : '') +
        (result.loopDelay[w] ? `, load generator's event loop delay p50 / p99 ${result.loopDelay[w]!.p50.toFixed(0)} / ${result.loopDelay[w]!.p99.toFixed(0)} ms` : ''),
    );
    if (STATEMENT_WORDS)
      for (const [name, c] of [...x.names.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 8))
        console.log(
          `        ${String(c.n).padStart(6)} ${n ? `(${(c.n / n).toFixed(2)}/call)` : ''} avg ${(c.ms / c.n).toFixed(1).padStart(6)} ms  max ${c.max.toFixed(0).padStart(5)} ms  ${name}`,
        );
  }
}

try {
  const t0 = Date.now();
  const admin = await loginHeaders(server.base, 'admin', ADMIN_PASSWORD);
  const api = async <T>(url: string, body: object): Promise<T> => {
    const res = await fetch(`${server.base}${url}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    const json = (await res.json()) as { msg: string; data: T };
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.msg}`);
    return json.data;
  };
  // A paper of 20: 8 single choices of 4 options, 8 judgments, 4 fill-in-blanks, 5 points each.
  const items: { questionId: number; score: number }[] = [];
  for (let i = 0; i < 20; i++) {
    const body =
      i < 8
        ? { type: 'single', stem: `Bench single ${i}`, options: ['a', 'b', 'c', 'd'].map((content) => ({ content })), answers: ['B'], score: 5 }
        : i < 16
          ? { type: 'judgment', stem: `Bench judgment ${i}`, answers: ['T'], score: 5 }
          : { type: 'fill', stem: `Bench fill ${i}: () and ()`, blanks: [['x'], ['y']], score: 5 };
    const { id } = await api<{ id: number }>('/api/question/insert', body);
    await api('/api/question/submit', { ids: [id] });
    await api('/api/question-approval/approve', { ids: [id] });
    items.push({ questionId: id, score: 5 });
  }
  const paper = await api<{ id: number }>('/api/paper/insert', { name: 'Bench paper', kind: 'fixed', items });
  /** A published exam of the paper, open now, for everyone. */
  const openExam = async (name: string, paperId: number) => {
    const exam = await api<{ id: number }>('/api/exam/insert', {
      name,
      startAt: new Date(Date.now() + 60_000).toISOString(),
      endAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      // The walk-aways' deadline falls a minute after the submit window: the deadline job submits them.
      duration: MINUTES + 2,
      passPercent: 60,
      attempts: 1,
      paperId,
      audience: [{ type: 'org', id: 1 }],
      scoreDisplay: 'immediate',
    });
    await api('/api/exam/publish', { ids: [exam.id] });
    await server.db.execute(sql`update exams set start_at = now() - interval '1 minute' where id = ${exam.id}`);
    return exam;
  };
  const exam = await openExam('Bench exam day', paper.id);
  // The isolated starts: the same fixed paper, and a random one drawing 20 of a bank of 60 judgments.
  const profiled: { kind: string; examId: number }[] = [];
  if (PROFILE > 0) {
    profiled.push({ kind: 'fixed', examId: (await openExam('Bench profile fixed', paper.id)).id });
    const bank = await api<{ id: number }>('/api/question-sort/insert', { name: 'Bench bank' });
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push((await api<{ id: number }>('/api/question/insert', { type: 'judgment', stem: `Bench bank ${i}`, answers: ['T'], score: 5, categoryId: bank.id })).id);
    await api('/api/question/submit', { ids });
    await api('/api/question-approval/approve', { ids });
    const random = await api<{ id: number }>('/api/paper/insert', {
      name: 'Bench random paper',
      kind: 'random',
      rules: [{ categoryId: bank.id, type: 'judgment', count: 20, score: 5 }],
    });
    profiled.push({ kind: 'random', examId: (await openExam('Bench profile random', random.id)).id });
  }
  const sessions = await seedSignedInUsers(server.db, { prefix: 'examinee', realname: '考生', kind: 'student', role: 'bench examinee', count: EXAMINEES });
  await server.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${EXAMINEES} examinees, one exam of 20 questions, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // One start after another, nothing else running: what one start costs (queries, ms), then one autosave.
  const signed = (e: (typeof sessions)[number]) => {
    const ts = Date.now();
    const sign = crypto
      .createHash('sha256')
      .update(signInput(e.userId, ts, e.signNumber, 'hanlin'))
      .digest('hex');
    return { authorization: `Bearer ${e.token}`, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' };
  };
  for (const { kind, examId } of profiled) {
    const ms: number[] = [];
    const dbMs: number[] = [];
    const cpu0 = process.cpuUsage();
    const perStart: number[] = [];
    const perSave: number[] = [];
    const draws = new Set<string>();
    for (const e of sessions.slice(0, PROFILE)) {
      let q0 = queries;
      const d0 = queryMs;
      const t1 = performance.now();
      const res = await fetch(`${server.base}/api/exam/attempt/start`, { method: 'POST', headers: signed(e), body: JSON.stringify({ examId }) });
      const body = (await res.json()) as { data: { attemptId: number; questions: { questionId: number; type: string }[] } };
      ms.push(performance.now() - t1);
      dbMs.push(queryMs - d0);
      perStart.push(queries - q0);
      if (res.status !== 200) throw new Error(`profile start: ${res.status} ${JSON.stringify(body)}`);
      draws.add(body.data.questions.map((x) => x.questionId).join(','));
      q0 = queries;
      const saved = await fetch(`${server.base}/api/exam/attempt/save`, {
        method: 'POST',
        headers: signed(e),
        body: JSON.stringify({
          attemptId: body.data.attemptId,
          answers: [{ position: 1, answer: { choices: [body.data.questions[0]!.type === 'judgment' ? 'T' : 'A'] }, seq: 1 }],
        }),
      });
      if (saved.status !== 200) throw new Error(`profile save: ${saved.status}`);
      perSave.push(queries - q0);
    }
    const cpu = process.cpuUsage(cpu0);
    const avg = (v: number[]) => (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1);
    // The first start of a paper reads it (and the examinee's session): the steady state is the rest.
    const rest = ms.slice(1).sort((a, b) => a - b);
    console.log(
      `start in isolation (${kind} paper, ${PROFILE} examinees one by one): first ${ms[0]!.toFixed(1)} ms, then p50 ${pct(rest, 50).toFixed(1)} ms, p99 ${pct(rest, 99).toFixed(1)} ms,` +
        ` in the database ${avg(dbMs.slice(1))} ms; queries per start: first ${perStart[0]}, then ${avg(perStart.slice(1))};` +
        ` node CPU per start + autosave ${((cpu.user + cpu.system) / 1000 / PROFILE).toFixed(1)} ms; queries per autosave ${avg(perSave)}; distinct draws ${draws.size} of ${PROFILE}`,
    );
  }
  console.log(
    `run: starts over ${START_WINDOW_S} s, answering ${MINUTES} min (a save every ${SAVE_EVERY_S} s), submits over ${SUBMIT_WINDOW_S} s, ${ABSENT_SHARE * 100} % never submit;` +
      ` machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores before the run (other processes make the latencies noisy)`,
  );

  const cpu0 = cpuSnapshot();
  const loadStart = Date.now();
  statementLog.length = 0;
  logStatements = true;
  const stopWatching = watchMachine();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const w = new Worker(LOAD, {
      eval: true,
      workerData: {
        base: server.base,
        examinees: sessions,
        examId: exam.id,
        startWindowMs: START_WINDOW_S * 1000,
        answerMs: MINUTES * 60_000,
        submitWindowMs: SUBMIT_WINDOW_S * 1000,
        saveEveryMs: SAVE_EVERY_S * 1000,
        absentShare: ABSENT_SHARE,
      },
    });
    w.once('message', (m: LoadResult) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
  logStatements = false;
  stopWatching();
  const cpu1 = cpuSnapshot();
  let calls = 0;
  console.log(`\nexam day: ${EXAMINEES} examinees, ${result.seconds.toFixed(0)} s`);
  for (const [kind, s] of Object.entries(result.stats)) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    calls += sorted.length;
    console.log(
      `  ${kind.padEnd(7)} ${String(sorted.length).padStart(7)} calls  p50 ${pct(sorted, 50).toFixed(1)} ms  p99 ${pct(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1)} ms  4xx ${s.c4xx} ${JSON.stringify(s.codes)}  5xx ${s.c5xx}  network errors ${s.errors}`,
    );
  }
  console.log(`  calls/s overall: ${(calls / result.seconds).toFixed(1)}  (machine load average at the end ${os.loadavg()[0]!.toFixed(1)})`);
  const saves = result.stats.save?.latencies.length ?? 0;
  console.log(`  autosaves/s: ${(saves / result.seconds).toFixed(1)} over the run (${(EXAMINEES / SAVE_EVERY_S).toFixed(0)}/s while everyone answers)`);
  printCpu(cpu0, cpu1, calls);
  printWindows(result, loadStart);

  // The deadline job submits the walk-aways: wait for it (the server's clock, nobody connected).
  const tWait = Date.now();
  for (;;) {
    const { rows } = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from exam_attempts where exam_id = ${exam.id} and status = 'ongoing'`);
    if (rows[0]!.n === 0) break;
    if (Date.now() - tWait > 5 * 60_000) throw new Error(`${rows[0]!.n} attempts still ongoing 5 minutes after the run`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { rows: by } = await server.db.execute<{ submitted_by: string; n: number; late_max: number; late_avg: number }>(sql`
    select submitted_by, count(*)::int as n, max(extract(epoch from submitted_at - deadline_at))::float8 as late_max, avg(extract(epoch from submitted_at - deadline_at))::float8 as late_avg
    from exam_attempts where exam_id = ${exam.id} group by submitted_by order by submitted_by`);
  for (const r of by)
    console.log(
      `  submitted by ${r.submitted_by}: ${r.n}${r.submitted_by === 'deadline' ? `  (after the deadline: avg ${r.late_avg.toFixed(1)} s, max ${r.late_max.toFixed(1)} s)` : ''}`,
    );

  // Lost answers: every acknowledged (position, seq, answer) must be what is stored.
  const { rows: stored } = await server.db.execute<{ attempt_id: number; position: number; seq: number; answer: unknown }>(
    sql`select attempt_id, position, seq, answer from exam_attempt_answers e join exam_attempts a on a.id = e.attempt_id where a.exam_id = ${exam.id}`,
  );
  const byKey = new Map(stored.map((r) => [`${r.attempt_id}:${r.position}`, r]));
  let ackedCount = 0;
  let lost = 0;
  for (const [attemptId, positions] of Object.entries(result.acked)) {
    for (const [position, [seq, answer]] of Object.entries(positions)) {
      ackedCount++;
      const row = byKey.get(`${attemptId}:${position}`);
      if (!row || row.seq < seq || (row.seq === seq && canonical(row.answer) !== canonical(JSON.parse(answer)))) lost++;
    }
  }
  console.log(`  answers acknowledged (latest per question): ${ackedCount}  lost: ${lost}`);
} finally {
  await server.close();
}
