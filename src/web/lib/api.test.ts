import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { getProgress, subscribeProgress } from './progress';
import { signIn } from './session';

const fetchMock = vi.fn<typeof fetch>();

describe('api', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the JSON body and moves the progress bar 10 → 30 → 70 → 100', async () => {
    const seen: number[] = [];
    const unsubscribe = subscribeProgress(() => seen.push(getProgress()));
    fetchMock.mockResolvedValue(new Response('[{"_id":"a"}]', { status: 200 }));
    await expect(api<{ _id: string }[]>('/api/course/getCourse')).resolves.toEqual([{ _id: 'a' }]);
    unsubscribe();
    expect(seen).toEqual([10, 30, 70, 100]);
  });

  it("throws ApiError with the status and the server's error message on a non-2xx answer", async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Course not found"}', { status: 404, statusText: 'Not Found' }));
    const err = await api('/api/lession/getLessionList/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: 'Course not found' });
    expect(getProgress()).toBe(100);
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('sends JSON bodies, and the auth-token header only when asked', async () => {
    localStorageStub({});
    signIn('secret', 'user-1');
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    await api('/api/lession/addcomment', { method: 'POST', body: { lession: 'l', content: 'c' }, auth: true });
    await api('/api/course/getCourse');
    const [, withAuth] = fetchMock.mock.calls[0];
    const [, withoutAuth] = fetchMock.mock.calls[1];
    expect(withAuth?.method).toBe('POST');
    expect(withAuth?.body).toBe('{"lession":"l","content":"c"}');
    expect(withAuth?.headers).toMatchObject({ 'content-type': 'application/json', 'auth-token': 'secret' });
    expect(withoutAuth?.headers).not.toHaveProperty('auth-token');
  });

  it('turns a network failure into ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0 });
  });
});

/** This test runs in node, which has no localStorage; the session store gets a stand-in. */
function localStorageStub(values: Record<string, string>) {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
    removeItem: (key: string) => void delete values[key],
  });
}
