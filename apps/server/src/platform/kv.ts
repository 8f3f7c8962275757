import { Redis } from 'ioredis';

/**
 * Small key/value store for short-lived shared state (captchas, cached sessions, counters).
 * Local default keeps it in memory; with REDIS_URL every node shares it.
 */
export interface Kv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and deletes in one step (single-use values such as captchas). */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Tells every node (this one included) on `channel`; with Redis it crosses nodes. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): void;
  readonly redis?: Redis;
  close(): Promise<void>;
}

export function createMemoryKv(): Kv {
  const map = new Map<string, { v: string; exp: number }>();
  const listeners = new Map<string, ((m: string) => void)[]>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, e] of map) if (e.exp <= now) map.delete(k);
  }, 60000);
  sweep.unref();
  const get = (key: string) => {
    const e = map.get(key);
    if (!e) return null;
    if (e.exp <= Date.now()) {
      map.delete(key);
      return null;
    }
    return e.v;
  };
  return {
    async get(key) {
      return get(key);
    },
    async set(key, value, ttlMs) {
      map.set(key, { v: value, exp: Date.now() + ttlMs });
    },
    async take(key) {
      const v = get(key);
      map.delete(key);
      return v;
    },
    async del(...keys) {
      for (const k of keys) map.delete(k);
    },
    async publish(channel, message) {
      for (const l of listeners.get(channel) ?? []) l(message);
    },
    subscribe(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    async close() {
      clearInterval(sweep);
      map.clear();
      listeners.clear();
    },
  };
}

export function createRedisKv(url: string, prefix = 'hanlin:'): Kv {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  // A connection in subscriber mode can do nothing else, so listening has its own.
  let sub: Redis | undefined;
  const listeners = new Map<string, ((m: string) => void)[]>();
  return {
    redis,
    get: (key) => redis.get(key),
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async take(key) {
      const replies = await redis.multi().get(key).del(key).exec();
      if (!replies) throw new Error('kv take: the transaction was discarded');
      const v = replies[0]?.[1];
      return typeof v === 'string' ? v : null;
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys);
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    subscribe(channel, listener) {
      if (!sub) {
        sub = new Redis(url, { maxRetriesPerRequest: 2 });
        sub.on('message', (ch: string, m: string) => {
          for (const l of listeners.get(ch) ?? []) l(m);
        });
      }
      const ch = prefix + channel;
      if (!listeners.has(ch)) void sub.subscribe(ch);
      listeners.set(ch, [...(listeners.get(ch) ?? []), listener]);
    },
    async close() {
      await sub?.quit().catch(() => sub?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
