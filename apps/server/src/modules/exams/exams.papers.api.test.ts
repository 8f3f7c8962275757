import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';

// The exam on the real papers module (the app's own paper source), as an administrator builds one.
const t = useTestApp();
let admin: Session;
let orgId: number;
const uniq = () => crypto.randomUUID().slice(0, 8);
async function approvedQuestion(score: number) {
  const { id } = await ok<{ id: number }>(t.app, admin, '/api/question/insert', { type: 'judgment', stem: `True? ${uniq()}`, score, answers: ['T'] });
  await ok(t.app, admin, '/api/question/submit', { ids: [id] });
  await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });
  return id;
}
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
/** A new exam of an hour on `paperId`, for the test's organization. */
const examOn = (paperId: number) => ({
  name: `Exam ${uniq()}`,
  startAt: inMinutes(60),
  endAt: inMinutes(180),
  duration: 60,
  passPercent: 60,
  attempts: 1,
  paperId,
  audience: [{ type: 'org', id: orgId }],
});

beforeAll(async () => {
  admin = await login(t.app);
  orgId = (await buildOrg(t.db, { name: `Exam org ${uniq()}` })).id;
});

describe('an exam on a real paper', () => {
  it('finds the paper by name, takes its total, and keeps the paper from being deleted while the exam uses it', async () => {
    const name = `Safety paper ${uniq()}`;
    const q1 = await approvedQuestion(4);
    const q2 = await approvedQuestion(6);
    const { id: paperId } = await ok<{ id: number }>(t.app, admin, '/api/paper/insert', {
      name,
      kind: 'fixed',
      items: [
        { questionId: q1, score: 40 },
        { questionId: q2, score: 35.5 },
      ],
    });
    const found = await ok<{ id: number; name: string; total: number; usable: boolean }[]>(t.app, admin, '/api/exam/papers', { keyword: name.slice(-8) });
    expect(found).toEqual([expect.objectContaining({ id: paperId, name, total: 75.5, usable: true })]);

    const exam = await ok<{ id: number; total: number }>(t.app, admin, '/api/exam/insert', examOn(paperId));
    expect(exam.total).toBe(75.5);

    const deleting = await call(t.app, admin, '/api/paper/delete', { ids: [paperId] });
    expect(deleting.json(), deleting.body).toMatchObject({ msg: 'IN_USE_PAPER' });
    await ok(t.app, admin, '/api/exam/delete', { ids: [exam.id] });
    await ok(t.app, admin, '/api/paper/delete', { ids: [paperId] });
    // A deleted paper is not offered and cannot carry a new exam.
    expect(await ok(t.app, admin, '/api/exam/papers', { keyword: name.slice(-8) })).toEqual([]);
    const refused = await call(t.app, admin, '/api/exam/insert', examOn(paperId));
    expect(refused.json(), refused.body).toMatchObject({ msg: 'PAPER_DELETED_OR_EMPTY' });
  });
});
