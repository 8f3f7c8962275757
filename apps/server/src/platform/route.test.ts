import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FileAnswerSchema, defineRoute } from '@hanlin/shared';
import { installErrorHandling } from './http.js';
import { registerRoute } from './route.js';

let app: FastifyInstance;
afterEach(() => app?.close());

function probeApp() {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  return app;
}

describe('registerRoute: binary routes', () => {
  const route = defineRoute({
    method: 'POST',
    path: '/api/probe/blob/:name',
    permission: 'public',
    params: z.object({ name: z.string().max(10) }),
    response: z.object({ name: z.string(), size: z.number(), first: z.number() }),
    kind: 'binary',
  });

  it('hands the raw body to the handler as bytes, with the path parameters', async () => {
    registerRoute(probeApp(), route, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new Error('not bytes');
      return { name: req.params.name, size: req.body.length, first: req.body[0]! };
    });
    const res = await app.inject({ method: 'POST', url: '/api/probe/blob/part', payload: Buffer.from([200, 1, 2]), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.json()).toEqual({ code: 200, msg: 'OK', data: { name: 'part', size: 3, first: 200 } });
  });

  it('refuses a body above the route’s limit with REQUEST_TOO_LARGE, before the handler runs', async () => {
    let ran = false;
    registerRoute(
      probeApp(),
      route,
      async () => {
        ran = true;
        return { name: '', size: 0, first: 0 };
      },
      { bodyLimit: 16 },
    );
    const res = await app.inject({ method: 'POST', url: '/api/probe/blob/big', payload: Buffer.alloc(17), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('REQUEST_TOO_LARGE');
    expect(ran).toBe(false);
  });

  it('registers the raw-body parser once for several binary routes', async () => {
    const a = probeApp();
    registerRoute(a, route, async () => ({ name: 'a', size: 0, first: 0 }));
    registerRoute(a, { ...route, path: '/api/probe/other/:name' }, async () => ({ name: 'b', size: 0, first: 0 }));
    const res = await a.inject({ method: 'POST', url: '/api/probe/other/x', payload: Buffer.from([1]), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.json().data.name).toBe('b');
  });
});

describe('registerRoute: wildcard paths', () => {
  it('passes the rest of the path, slashes kept, as params["*"]', async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/probe/files/:id/*',
      permission: 'public',
      params: z.object({ id: z.coerce.number().int(), '*': z.string().max(100) }),
      response: FileAnswerSchema,
      kind: 'download',
    });
    registerRoute(probeApp(), route, async (req, reply) => reply.type('text/plain').send(`${req.params.id + 1}:${req.params['*']}`));
    const res = await app.inject({ method: 'GET', url: '/api/probe/files/41/shared/a%20b.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('42:shared/a b.html');
    expect((await app.inject({ method: 'GET', url: `/api/probe/files/41/${'x'.repeat(101)}` })).json().msg).toBe('PARAMETER_INVALID');
  });
});
