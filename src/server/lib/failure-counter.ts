// Counters with an expiry, for login throttling (lib/login-throttle.ts): in memory, or in Redis when the app has a
// client, so every process shares them. A key's window starts with its first count (a fixed window).
import type { Redis } from 'ioredis';

export interface Count {
  count: number;
  /** Milliseconds until the key's window ends. */
  ttlMs: number;
}

export interface FailureCounter {
  /** Adds `by` (negative to take back) to `key`; a new key lives `windowMs`. */
  add(key: string, by: number, windowMs: number): Promise<Count>;
  remove(key: string): Promise<void>;
  close(): void;
}

export function memoryFailureCounter(): FailureCounter {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  // Expired keys go every minute, so keys chosen by clients cannot pile up.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000).unref();
  return {
    async add(key, by, windowMs) {
      const now = Date.now();
      let entry = entries.get(key);
      if (!entry || entry.expiresAt <= now) {
        entry = { count: 0, expiresAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.count = Math.max(0, entry.count + by);
      return { count: entry.count, ttlMs: entry.expiresAt - now };
    },
    async remove(key) {
      entries.delete(key);
    },
    close() {
      clearInterval(sweep);
    },
  };
}

export function redisFailureCounter(redis: Redis, nameSpace: string): FailureCounter {
  return {
    async add(key, by, windowMs) {
      const k = nameSpace + key;
      // One round trip: create the key with its expiry if new, count, read what is left of the window.
      const results = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incrby(k, by).pttl(k).exec();
      if (!results) throw new Error('the Redis transaction was aborted');
      for (const [err] of results) if (err) throw err;
      const count = Number(results[1][1]);
      const ttl = Number(results[2][1]);
      return { count: Math.max(0, count), ttlMs: ttl > 0 ? ttl : windowMs };
    },
    async remove(key) {
      await redis.del(nameSpace + key);
    },
    close() {},
  };
}
