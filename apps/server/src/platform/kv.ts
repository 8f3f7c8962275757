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
  readonly redis?: Redis;
  close(): Promise<void>;
}

export function createMemoryKv(): Kv {
  const map = new Map<string, { v: string; exp: number }>();
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
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}

export function createRedisKv(url: string, prefix = 'hanlin:'): Kv {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    redis,
    get: (key) => redis.get(key),
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async take(key) {
      const [[, v]] = (await redis.multi().get(key).del(key).exec()) as [[unknown, string | null], unknown];
      return v;
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
