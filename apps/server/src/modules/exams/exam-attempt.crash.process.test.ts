import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSession, serverProcesses, until } from '../../test/server-process.js';

// An exam day's worst case: the server process killed (kill -9) in the middle of an exam. Every
// answer it acknowledged is still there after the restart, and the restarted server submits the
// attempt at its deadline by itself, nobody connected. The server runs in another process on its
// embedded database: no event of it reaches this one, so the test polls.
const PASSWORD = 'Admin-1234';
const servers = await serverProcesses('exam-crash', { ADMIN_PASSWORD: PASSWORD });
const { start, waitHealthy } = servers;
const dbUrl = `postgres://hanlin:hanlin@127.0.0.1:${servers.pgPort}/hanlin`;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await servers.stopAll();
  fs.rmSync(servers.dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('an exam when the server crashes', { timeout: 300_000 }, () => {
  it('keeps every acknowledged answer through kill -9, and the restarted server submits at the deadline', async () => {
    const first = start();
    await waitHealthy(first);
    const { ok } = await adminSession(servers.base, PASSWORD);
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
