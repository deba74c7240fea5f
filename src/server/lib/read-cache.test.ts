import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('loads a key once and serves the serialized JSON after', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toBe('{"n":1}');
    expect(await cache.get('k', load)).toBe('{"n":1}');
    cache.clear();
    expect(await cache.get('k', load)).toBe('{"n":2}');
  });

  it('does not keep misses or failures', async () => {
    const cache = new ReadCache();
    let calls = 0;
    expect(await cache.get('missing', async () => (++calls, null))).toBeNull();
    expect(await cache.get('missing', async () => (++calls, null))).toBeNull();
    expect(calls).toBe(2);
    await expect(cache.get('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'ok')).toBe('"ok"');
  });

  it('stays bounded', async () => {
    const cache = new ReadCache(3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});
