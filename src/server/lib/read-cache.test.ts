import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courseCard } from '../../shared/contract';
import { sendJson } from './http-cache';
import { answerSerializer, ReadCache, schemaSerializer } from './read-cache';

const counter = schemaSerializer(z.object({ n: z.number() }));

describe('ReadCache', () => {
  it('loads a key once and serves the serialized JSON after', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', counter, load)).toBe('{"n":1}');
    expect(await cache.get('k', counter, load)).toBe('{"n":1}');
    cache.clear();
    expect(await cache.get('k', counter, load)).toBe('{"n":2}');
  });

  it('does not keep misses or failures', async () => {
    const cache = new ReadCache();
    const text = schemaSerializer(z.string());
    let calls = 0;
    expect(await cache.get('missing', text, async () => (++calls, null))).toBeNull();
    expect(await cache.get('missing', text, async () => (++calls, null))).toBeNull();
    expect(calls).toBe(2);
    await expect(cache.get('bad', text, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', text, async () => 'ok')).toBe('"ok"');
  });

  it('stays bounded', async () => {
    const cache = new ReadCache(3);
    const number = schemaSerializer(z.number());
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, number, async () => i);
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('keeps what the schema makes of the value: a key the schema does not name never reaches the JSON', async () => {
    const cache = new ReadCache();
    const load = async () => ({ n: 1, passwordHash: '$argon2id$secret' });
    expect(await cache.get('k', counter, load)).toBe('{"n":1}');
    expect(await cache.get('k', counter, load)).toBe('{"n":1}');
  });

  it('refuses a value the schema does not accept, and keeps nothing for it', async () => {
    const cache = new ReadCache();
    let value: unknown = { n: 'one' };
    const load = async () => value;
    await expect(cache.get('k', counter, load)).rejects.toThrow();
    value = { n: 1 };
    expect(await cache.get('k', counter, load)).toBe('{"n":1}');
  });
});

describe('answerSerializer', () => {
  // A course row as a careless service might return it: the card's fields and a column readers must never see.
  const row = {
    _id: 'c1',
    title: 'Course',
    description: '<p>d</p>',
    cover: '/c.svg',
    lessonCount: 2,
    duration: 90,
    passwordHash: '$argon2id$secret',
  };
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const cache = new ReadCache();
  const response = { 200: z.array(courseCard) };
  app.get('/returned', { schema: { response } }, async () => [row]);
  app.get('/cached', { schema: { response } }, async (_request, reply) =>
    sendJson(reply, await cache.get('cards', answerSerializer(reply), async () => [row])),
  );
  app.get('/unchecked', async (_request, reply) => cache.get('unchecked', answerSerializer(reply), async () => [row]));
  afterAll(() => app.close());

  it('caches the answer the route gives by returning the value, byte for byte, first time and after', async () => {
    const returned = await app.inject({ method: 'GET', url: '/returned' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toEqual([courseCard.parse(row)]);
    for (let i = 0; i < 2; i++) {
      const cached = await app.inject({ method: 'GET', url: '/cached' });
      expect(cached.statusCode).toBe(200);
      expect(cached.body).toBe(returned.body);
      expect(cached.body).not.toContain('passwordHash');
    }
  });

  it('refuses to cache for a route that has no 200 response schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/unchecked' });
    expect(res.statusCode).toBe(500);
    expect(cache.size).toBe(1);
  });
});
