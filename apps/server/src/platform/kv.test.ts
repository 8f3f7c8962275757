import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryKv, createRedisKv, type Kv } from './kv.js';

const opened: Kv[] = [];
afterAll(async () => {
  for (const k of opened) await k.close();
});

function waitFor(check: () => boolean, ms = 3000) {
  return new Promise<void>((resolve, reject) => {
    const start = Date.now();
    const tick = () => (check() ? resolve() : Date.now() - start > ms ? reject(new Error('timed out')) : setTimeout(tick, 10));
    tick();
  });
}

describe('kv', () => {
  it('keeps values for their time, hands single-use values out once and tells subscribers (memory)', async () => {
    const kv = createMemoryKv();
    opened.push(kv);
    await kv.set('a', '1', 60_000); // long enough for a loaded machine; expiry is checked with 'b'
    expect(await kv.get('a')).toBe('1');
    expect(await kv.take('a')).toBe('1');
    expect(await kv.get('a')).toBeNull();
    // Expiry by the clock, moved forward instead of waited for.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await kv.set('b', '2', 1000);
      expect(await kv.get('b')).toBe('2');
      vi.setSystemTime(Date.now() + 1001);
      expect(await kv.get('b')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    const got: string[] = [];
    kv.subscribe('ch', (m) => got.push(m));
    await kv.publish('ch', 'hello');
    expect(got).toEqual(['hello']);
  });

  it.runIf(!!process.env.REDIS_URL)('carries messages between two nodes through Redis', async () => {
    const prefix = `hanlin:kvtest${process.pid}:`;
    const a = createRedisKv(process.env.REDIS_URL!, prefix);
    const b = createRedisKv(process.env.REDIS_URL!, prefix);
    opened.push(a, b);
    const got: string[] = [];
    b.subscribe('settings', (m) => got.push(m));
    // The subscription is set up asynchronously: publish until it is heard.
    await waitFor(() => {
      void a.publish('settings', 'login');
      return got.length > 0;
    });
    expect(got[0]).toBe('login');
    await a.set('shared', 'x', 5000);
    expect(await b.take('shared')).toBe('x');
    expect(await a.get('shared')).toBeNull();
  });
});
