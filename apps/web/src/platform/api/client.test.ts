// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSTANTS } from '@hanlin/shared';
import { api } from './client';
import { signature } from './crypto';
import { serverNow } from './server-clock';
import { session } from '../session';

const MINUTE = 60_000;
const json = (body: unknown, status: number, serverTime: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-server-time': String(serverTime) } });

/** A server whose clock is `deviceAhead` ms behind the device's: it refuses a timestamp outside the sign window as the guard does. */
function fakeServer(deviceAhead: number) {
  const sent: Record<string, string>[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const h = init.headers as Record<string, string>;
    sent.push(h);
    const now = Date.now() - deviceAhead;
    const ts = Number(h['X-Timestamp']);
    if (h['X-Sign'] !== (await signature(7, ts, 'sn'))) return json({ code: 1002, msg: 'UNAUTHENTICATED', data: null }, 401, now);
    if (Math.abs(now - ts) > CONSTANTS.SIGN_WINDOW_MS) return json({ code: 1002, msg: 'UNAUTHENTICATED', data: { serverTime: now }, field: 'X-Timestamp' }, 401, now);
    return json({ code: 200, msg: 'OK', data: 'fine' }, 200, now);
  });
  return sent;
}

beforeEach(() => session.set({ token: 'tok', signNumber: 'sn', user: { id: 7 } as never }));
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('the API client on a device clock that is off', () => {
  for (const skew of [10 * MINUTE, -10 * MINUTE]) {
    it(`signs on the server's time: the first call is corrected and retried once, the next signed right (device ${skew > 0 ? 'ahead' : 'behind'})`, async () => {
      const sent = fakeServer(skew);
      await expect(api('/api/user/list', {}, { silent: true })).resolves.toBe('fine');
      expect(sent).toHaveLength(2);
      expect(Math.abs(Number(sent[1]!['X-Timestamp']) - (Date.now() - skew))).toBeLessThan(2_000);
      expect(Math.abs(serverNow() - (Date.now() - skew))).toBeLessThan(2_000);
      await expect(api('/api/user/list', {}, { silent: true })).resolves.toBe('fine');
      expect(sent).toHaveLength(3);
      expect(session.get().token).toBe('tok');
    });
  }

  it('retries once only: a second time refusal is the error', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async () => {
      sent.push(1);
      // The server's time keeps moving away (a clock changed between the two calls).
      return json({ code: 1002, msg: 'UNAUTHENTICATED', data: { serverTime: Date.now() + sent.length * 20 * MINUTE }, field: 'X-Timestamp' }, 401, Date.now());
    });
    await expect(api('/api/user/list', {}, { silent: true })).rejects.toMatchObject({ name: 'UNAUTHENTICATED' });
    expect(sent).toHaveLength(2);
  });
});
