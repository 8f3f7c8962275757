import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, type Session } from '../test/harness.js';
import { buildUser } from '../test/factories.js';

/**
 * The authorization matrix of every module at once: a signed-in learner holding only the student
 * portal's codes calls every route that names permission codes, and each one refuses with
 * NO_PERMISSION_ERROR before reading the body, whatever the module (exams, grades, marking,
 * monitoring, exercises included). A route forgetting its codes would answer 200 or 4xx of another kind.
 */
const t = useTestApp();
const LEARNER_CODES = ['kc-pc', 'zs-pc'];
let learner: Session;
let doc: { paths: Record<string, Record<string, { 'x-permission'?: unknown }>> };

beforeAll(async () => {
  const u = await buildUser(t.db, { kind: 'student', permissions: LEARNER_CODES });
  learner = await login(t.app, u.username, u.password);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

describe('authorization matrix', () => {
  it('refuses every coded route to a learner holding only the portal codes', async () => {
    const coded = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op['x-permission']) && !(op['x-permission'] as string[]).some((c) => LEARNER_CODES.includes(c)))
        .map(([method]) => ({ url: url.replace(/\{\w+\}/g, '1'), method: method.toUpperCase() as 'GET' | 'POST' })),
    );
    expect(coded.length).toBeGreaterThan(200);
    for (const path of ['/api/exam/attempt/start', '/api/exam/scores/publish', '/api/exercise/list', '/api/exam/grade/people']) {
      const op = Object.entries(doc.paths).find(([u]) => u === path);
      expect(op, path).toBeDefined();
    }
    const wrong: string[] = [];
    for (const { url, method } of coded) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? '{}' : undefined, headers: { ...learner.headers(), 'content-type': 'application/json' } });
      const code = res.headers['content-type']?.toString().includes('json') ? (res.json() as { msg?: string }).msg : undefined;
      if (res.statusCode !== 403 || code !== 'NO_PERMISSION_ERROR') wrong.push(`${method} ${url} -> ${res.statusCode} ${code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
