// The one way API tests call the app: `inject` as a signed-in user (or no one), and the `{error}` of a refusal.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './factories';
import type { ErrorBody } from './matchers';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `auth-token` header of the user's session; no header for no one. */
export const authHeaders = (user?: Pick<TestUser, 'token'>): Record<string, string> =>
  user ? { 'auth-token': user.token } : {};

/** `inject` with the user's `auth-token` (none when `user` is undefined) and a JSON body when given. */
export function call(app: FastifyInstance, method: Method, url: string, user?: TestUser, payload?: unknown) {
  const options: InjectOptions = { method, url, headers: authHeaders(user) };
  if (payload !== undefined) options.payload = payload as object;
  return app.inject(options);
}

/** `call` on an app a test file builds later (in `beforeAll`): `const call = callerOf(() => t.app)`. */
export const callerOf =
  (app: () => FastifyInstance) => (method: Method, url: string, user?: TestUser, payload?: unknown) =>
    call(app(), method, url, user, payload);

/** The `{error}` of a refusal; given a status, first checks the answer has it (failing with the body). */
export function errorOf(res: LightMyRequestResponse): string;
export function errorOf(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status: number): Promise<string>;
export function errorOf(
  res: LightMyRequestResponse | Promise<LightMyRequestResponse>,
  status?: number,
): string | Promise<string> {
  if (status === undefined) return (res as LightMyRequestResponse).json<ErrorBody>().error;
  return Promise.resolve(res).then((r) => {
    expect(r.statusCode, r.body).toBe(status);
    return r.json<ErrorBody>().error;
  });
}
