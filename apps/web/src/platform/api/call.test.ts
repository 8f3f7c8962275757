// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authRoutes, defineRoute, FileAnswerSchema, uploadRoutes } from '@hanlin/shared';
import { call } from './call';
import { session } from '../session';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  return sent;
}
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'OK', data }), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends the data of a binary route as the raw octet-stream body, path parameters in the path', async () => {
    const state = { uploadId: 'u-1', chunkSize: 4, totalChunks: 2, received: [1] };
    const sent = fakeFetch(() => envelope(state));
    const answer = await call(uploadRoutes.chunk, { uploadId: 'u-1', index: 1, data: new Blob([new Uint8Array([9, 8, 7])]) });
    expect(answer).toEqual(state);
    const { url, init } = sent[0]!;
    expect(url).toBe('/api/upload/chunked/u-1/chunks/1');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(Blob);
    const body = init.body as Blob;
    expect(body.type).toBe('application/octet-stream');
    expect([...new Uint8Array(await body.arrayBuffer())]).toEqual([9, 8, 7]);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('fills a trailing wildcard from "*", each segment encoded and the slashes kept', async () => {
    const sent = fakeFetch(() => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }));
    const route = defineRoute({
      method: 'GET',
      path: '/api/files/:id/:token/*',
      permission: 'public',
      params: z.object({ id: z.number(), token: z.string(), '*': z.string() }),
      response: FileAnswerSchema,
      kind: 'download',
    });
    const file = await call(route, { id: 5, token: 'a.b', '*': 'shared/a b#1.html' });
    expect(sent[0]!.url).toBe('/api/files/5/a.b/shared/a%20b%231.html');
    expect(sent[0]!.init.method).toBe('GET');
    expect(await file.blob.text()).toBe('<html></html>');
  });

  it('drops the stored public key when the server could not decrypt a password or use its key', async () => {
    for (const msg of ['PASSWORD_DECRYPT_ERROR', 'PUBLIC_KEY_ERROR']) {
      session.set({ publicKey: 'stale' });
      fakeFetch(() => new Response(JSON.stringify({ code: 0, msg, data: null, field: 'password' }), { status: 400, headers: { 'content-type': 'application/json' } }));
      await expect(call(authRoutes.changePassword, { oldPassword: 'x', newPassword: 'y' }, { silent: true })).rejects.toMatchObject({ name: msg });
      expect(session.get().publicKey, msg).toBeNull();
    }
  });

  it('lets a request outlive the page when asked (keepalive)', async () => {
    const sent = fakeFetch(() => envelope(null));
    await call(uploadRoutes.chunkedAbort, { uploadId: 'u-2' }, { keepalive: true, silent: true });
    expect(sent[0]!.url).toBe('/api/upload/chunked/u-2/abort');
    expect(sent[0]!.init.keepalive).toBe(true);
  });
});
