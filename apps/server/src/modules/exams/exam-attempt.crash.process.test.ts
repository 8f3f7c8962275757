import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signInput } from '@hanlin/shared';
import { encryptWithPublicKey } from '../../platform/auth/rsa.js';

// An exam day's worst case: the server process killed (kill -9) in the middle of an exam. Every
// answer it acknowledged is still there after the restart, and the restarted server submits the
// attempt at its deadline by itself, nobody connected. The server runs in another process on its
// embedded database: no event of it reaches this one, so the test polls.
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-exam-crash-'));
fs.chmodSync(dir, 0o755);
const PASSWORD = 'Admin-1234';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const port = await freePort();
const pgPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const dbUrl = `postgres://hanlin:hanlin@127.0.0.1:${pgPort}/hanlin`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}
const started: Started[] = [];
function start(): Started {
  let out = '';
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'fatal', ADMIN_PASSWORD: PASSWORD };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const s = { child, output: () => out, exited };
  started.push(s);
  return s;
}

const POLL_MS = 200;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await pause(POLL_MS);
  }
  throw new Error(`timed out waiting for ${what}`);
}
async function waitHealthy(s: Started) {
  await Promise.race([
    until('health', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined)),
    s.exited.then((code) => {
      throw new Error(`server exited (${code}):\n${s.output()}`);
    }),
  ]);
}
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The admin's signed session, as the web client holds it. */
let session: { token: string; signNumber: string; userId: number };
async function signIn() {
  const key = ((await (await fetch(`${base}/api/auth/public-key`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptWithPublicKey(key, PASSWORD), grant_type: 'password', scope: 'server' }),
  });
  const d = ((await res.json()) as { data: { access_token: string; signNumber: string; user: { id: number } } }).data;
  session = { token: d.access_token, signNumber: d.signNumber, userId: d.user.id };
}
async function post<T>(url: string, body: object): Promise<{ status: number; msg: string; data: T }> {
  const ts = Date.now();
  const sign = crypto
    .createHash('sha256')
    .update(signInput(session.userId, ts, session.signNumber, 'hanlin'))
    .digest('hex');
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, 'x-timestamp': String(ts), 'x-sign': sign },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { msg: string; data: T };
  return { status: res.status, ...json };
}
async function ok<T>(url: string, body: object): Promise<T> {
  const r = await post<T>(url, body);
  expect(r.status, `${url}: ${r.msg}`).toBe(200);
  return r.data;
}

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGINT');
  await Promise.all(started.map((s) => s.exited));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('an exam when the server crashes', { timeout: 300_000 }, () => {
  it('keeps every acknowledged answer through kill -9, and the restarted server submits at the deadline', async () => {
    const first = start();
    await waitHealthy(first);
    await signIn();
    // Three judgment questions on a fixed paper; an exam of one minute for the administrator's organization.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await ok<{ id: number }>('/api/question/insert', { type: 'judgment', stem: `Crash ${i} ${crypto.randomUUID()}`, score: 1, answers: ['T'] });
      await ok('/api/question/submit', { ids: [id] });
      await ok('/api/question-approval/approve', { ids: [id] });
      ids.push(id);
    }
    const paper = await ok<{ id: number }>('/api/paper/insert', {
      name: `Crash paper ${crypto.randomUUID().slice(0, 8)}`,
      kind: 'fixed',
      items: ids.map((questionId) => ({ questionId, score: 10 })),
    });
    const [root] = await query<{ id: number }>(`select org_id as id from users where username = 'admin'`);
    const exam = await ok<{ id: number }>('/api/exam/insert', {
      name: `Crash exam ${crypto.randomUUID().slice(0, 8)}`,
      startAt: new Date(Date.now() + 60_000).toISOString(),
      endAt: new Date(Date.now() + 3600_000).toISOString(),
      duration: 1,
      passPercent: 60,
      attempts: 1,
      paperId: paper.id,
      audience: [{ type: 'org', id: root!.id }],
      scoreDisplay: 'immediate',
    });
    await ok('/api/exam/publish', { ids: [exam.id] });
    await query(`update exams set start_at = now() - interval '1 minute' where id = $1`, [exam.id]);

    const sheet = await ok<{ attemptId: number; deadlineAt: string }>('/api/exam/attempt/start', { examId: exam.id });
    // Answers saved and acknowledged, some changed again with a newer seq.
    const acked = new Map<number, string>();
    const changes: [number, string, number][] = [
      [1, 'T', 1],
      [2, 'F', 1],
      [2, 'T', 2],
      [3, 'F', 1],
    ];
    for (const [position, choice, seq] of changes) {
      await ok('/api/exam/attempt/save', { attemptId: sheet.attemptId, answers: [{ position, answer: { choices: [choice] }, seq }] });
      acked.set(position, choice);
    }

    first.child.kill('SIGKILL');
    await first.exited;
    const again = start();
    await waitHealthy(again);
    await until('the answers to be readable', async () => ((await query(`select 1`)).length ? true : undefined));
    const stored = await query<{ position: number; answer: { choices: string[] } }>(
      'select position, answer from exam_attempt_answers where attempt_id = $1 order by position',
      [sheet.attemptId],
    );
    expect(stored.map((r) => [r.position, r.answer?.choices[0]])).toEqual([...acked.entries()].sort((a, b) => a[0] - b[0]));
    expect(new Date() < new Date(sheet.deadlineAt)).toBe(true);

    // Nobody is connected: the restarted server submits by itself at the deadline.
    const done = await until(
      'the attempt to be submitted at its deadline',
      async () => {
        const [r] = await query<{ status: string; submitted_by: string; submitted_at: Date; deadline_at: Date; score: number }>(
          'select status, submitted_by, submitted_at, deadline_at, score from exam_attempts where id = $1',
          [sheet.attemptId],
        );
        return r && r.status !== 'ongoing' ? r : undefined;
      },
      150_000,
    );
    expect(done).toMatchObject({ status: 'marked', submitted_by: 'deadline', score: 20 });
    expect(done.submitted_at.getTime()).toBeGreaterThanOrEqual(done.deadline_at.getTime());
    // On time: within the deadline slot and a poll of the job queue.
    expect(done.submitted_at.getTime() - done.deadline_at.getTime()).toBeLessThan(15_000);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});
