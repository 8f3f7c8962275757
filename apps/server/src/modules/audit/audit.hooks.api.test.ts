import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/harness.js';
import { installErrorHandling } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { installOperationLog } from './audit.hooks.js';
import { operationLogs } from './audit.schema.js';

const t = useTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  // A bare app with the real hook and error handling, and routes answering the shapes that occur.
  app = Fastify();
  installErrorHandling(app);
  installOperationLog(app, t.db);
  const op = (operation: string) => ({ config: { permission: 'public' as const, operation } });
  app.post('/api/hook/ok', op('hook.ok'), async () => ({ code: 200, msg: 'OK', data: { code: 7 } }));
  // Keys in another order: the code is still the answer's code, not the first number in the text.
  app.post('/api/hook/reordered', op('hook.reordered'), async (_req, reply) => reply.code(409).send({ data: { code: 1 }, code: 4007, msg: 'DUPLICATE_ORGANIZATION' }));
  app.post('/api/hook/thrown', op('hook.thrown'), async () => {
    throw new AppError('TREE_DEPTH_EXCEEDED', { field: 'parentId' });
  });
  // A raw text answer that merely looks like an answer object.
  app.post('/api/hook/text', op('hook.text'), async (_req, reply) => reply.type('text/plain').send('{"code":5,"msg":"looks like JSON"}'));
  app.post('/api/hook/none', { config: { permission: 'public' } }, async () => ({ code: 200, msg: 'OK', data: null }));
  await app.ready();
});
afterAll(() => app.close());

async function logOf(url: string) {
  const res = await app.inject({ method: 'POST', url, payload: {} });
  // The row is written before the answer leaves: no waiting. Each URL is called once.
  return { res, rows: await t.db.select().from(operationLogs).where(eq(operationLogs.path, url)) };
}

describe('operation log hook', () => {
  it('records the code of the answer object, whatever its key order or contents', async () => {
    expect((await logOf('/api/hook/ok')).rows).toMatchObject([{ operation: 'hook.ok', status: 200, resultCode: 200 }]);
    expect((await logOf('/api/hook/reordered')).rows).toMatchObject([{ operation: 'hook.reordered', status: 409, resultCode: 4007 }]);
    expect((await logOf('/api/hook/thrown')).rows).toMatchObject([{ operation: 'hook.thrown', status: 409, resultCode: 4209 }]);
  });

  it('counts a raw answer by its status, never by text that looks like a code', async () => {
    const { res, rows } = await logOf('/api/hook/text');
    expect(res.body).toBe('{"code":5,"msg":"looks like JSON"}');
    expect(rows).toMatchObject([{ operation: 'hook.text', status: 200, resultCode: 200 }]);
  });

  it('writes nothing for routes without an operation', async () => {
    expect((await logOf('/api/hook/none')).rows).toEqual([]);
  });
});
