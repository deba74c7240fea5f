import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorBody } from '../test/matchers';
import { installErrorHandler } from './error-handler';
import { forbidden, Refusal } from './errors';

function app() {
  const a = Fastify({ bodyLimit: 1024 });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  installErrorHandler(a);
  a.get('/boom', async () => {
    throw new Error('secret: connection string postgres://admin:pw@db');
  });
  a.get('/mine', async () => {
    throw forbidden('Not yours');
  });
  a.get('/later', async () => {
    throw new Refusal('too-many', 'Too many attempts. Try again in 7 seconds.', { 'retry-after': '7' });
  });
  a.post(
    '/echo',
    { schema: { body: z.object({ title: z.string().min(1, 'title is required'), n: z.number() }) } },
    async (r) => r.body,
  );
  return a;
}

describe('the error handler', () => {
  it('hides the details of a 500', async () => {
    const res = await app().inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('secret');
  });

  it('answers a refusal with the status of its kind', async () => {
    const res = await app().inject({ url: '/mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not yours' });
  });

  it('sends the headers a refusal carries', async () => {
    const res = await app().inject({ url: '/later' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ error: 'Too many attempts. Try again in 7 seconds.' });
  });

  it('answers 400 naming the field for a schema failure', async () => {
    const res = await app().inject({ method: 'POST', url: '/echo', payload: { title: '', n: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toBe('title is required');
    const wrongType = await app().inject({ method: 'POST', url: '/echo', payload: { title: 'x', n: 'one' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<ErrorBody>().error).toMatch(/^n: /);
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const bad = await app().inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The request body is not valid JSON' });
    const big = await app().inject({ method: 'POST', url: '/echo', payload: { title: 'x'.repeat(5000), n: 1 } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is too large' });
  });

  it('answers 415 JSON for a body that is not JSON', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('error');
  });
});
