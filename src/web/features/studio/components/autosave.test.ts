// The autosave's rules without React: the quiet time, what a PATCH carries, the server's own form of a field,
// retries with backoff, a 409, and newer copies from the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { Autosave, type Saved } from './autosave';

type Post = { title: string; content: string };
const start: Saved<Post> = { version: 1, fields: { title: 'Hello', content: '<p>Body</p>' } };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Autosave', () => {
  it('waits for 2 s of quiet, then sends only the changed fields with the version', async () => {
    const save = vi.fn((patch: Partial<Post> & { version: number }) =>
      Promise.resolve({ version: patch.version + 1, fields: { ...start.fields, ...patch } }),
    );
    const autosave = new Autosave(start, { save, delay: 2000 });
    autosave.set('title', 'Hel');
    await vi.advanceTimersByTimeAsync(1500);
    autosave.set('title', 'Hello, world');
    expect(autosave.getSnapshot().state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: 'Hello, world', version: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved', unsaved: false });
  });

  it("keeps the editor's text when the server stores another form of it, and does not save it again", async () => {
    const save = vi.fn(() => Promise.resolve({ version: 2, fields: { title: 'Trimmed', content: '<p>Body</p>' } }));
    const autosave = new Autosave(start, { save, delay: 10 });
    autosave.set('title', '  Trimmed  ');
    await vi.advanceTimersByTimeAsync(10);
    const after = autosave.getSnapshot();
    expect(after.state).toBe('saved');
    expect(after.draft.title).toBe('  Trimmed  ');
    expect(after.saved.title).toBe('Trimmed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves what was typed during a save once that save lands, with the new version', async () => {
    const first = deferred<Saved<Post>>();
    const save = vi
      .fn<(patch: Partial<Post> & { version: number }) => Promise<Saved<Post>>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ version: 3, fields: { title: 'Two', content: '<p>Body</p>' } });
    const autosave = new Autosave(start, { save, delay: 10 });
    autosave.set('title', 'One');
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.getSnapshot().state).toBe('saving');
    autosave.set('title', 'Two');
    first.resolve({ version: 2, fields: { title: 'One', content: '<p>Body</p>' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(save).toHaveBeenNthCalledWith(2, { title: 'Two', version: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot().state).toBe('saved');
  });

  it('retries a network failure or a 5xx with a growing wait, then recovers', async () => {
    const save = vi
      .fn<(patch: Partial<Post> & { version: number }) => Promise<Saved<Post>>>()
      .mockRejectedValueOnce(new ApiError(0, 'offline'))
      .mockRejectedValueOnce(new ApiError(503, 'busy'))
      .mockResolvedValueOnce({ version: 2, fields: { title: 'New', content: '<p>Body</p>' } });
    const autosave = new Autosave(start, { save, delay: 10 });
    autosave.set('title', 'New');
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.getSnapshot().state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(autosave.getSnapshot().state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save.mock.calls.map(([patch]) => patch)).toEqual([
      { title: 'New', version: 1 },
      { title: 'New', version: 1 },
      { title: 'New', version: 1 },
    ]);
    expect(autosave.getSnapshot().state).toBe('saved');
  });

  it('stops on a 409 until reloaded; the reload keeps what was typed in `recovered`', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(409, 'stale')));
    const autosave = new Autosave(start, { save, delay: 10 });
    autosave.set('title', 'Mine');
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'conflict', unsaved: true });
    autosave.set('title', 'Mine, still typing');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);

    autosave.reload({ version: 4, fields: { title: 'Theirs', content: '<p>Theirs</p>' } });
    expect(autosave.getSnapshot()).toMatchObject({
      state: 'saved',
      draft: { title: 'Theirs', content: '<p>Theirs</p>' },
      recovered: { title: 'Mine, still typing' },
    });
    autosave.restore('title');
    await vi.advanceTimersByTimeAsync(10);
    expect(save).toHaveBeenLastCalledWith({ title: 'Mine, still typing', version: 4 });
  });

  it('shows another 4xx and waits for the next change', async () => {
    const save = vi
      .fn<(patch: Partial<Post> & { version: number }) => Promise<Saved<Post>>>()
      .mockRejectedValueOnce(new ApiError(400, 'title is required'))
      .mockResolvedValueOnce({ version: 2, fields: { title: 'x', content: '<p>Body</p>' } });
    const autosave = new Autosave(start, { save, delay: 10 });
    autosave.set('title', '');
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'failed', error: 'title is required' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.set('title', 'x');
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.getSnapshot().state).toBe('saved');
  });

  it('takes a newer server copy for untouched fields, and calls a field changed on both sides a conflict', () => {
    const autosave = new Autosave(start, { save: vi.fn(), delay: 10 });
    autosave.set('content', '<p>Mine</p>');
    autosave.serverChanged({ version: 2, fields: { title: 'Renamed', content: '<p>Body</p>' } });
    expect(autosave.getSnapshot()).toMatchObject({
      state: 'unsaved',
      draft: { title: 'Renamed', content: '<p>Mine</p>' },
    });
    autosave.serverChanged({ version: 3, fields: { title: 'Renamed', content: '<p>Theirs</p>' } });
    expect(autosave.getSnapshot().state).toBe('conflict');
  });

  it('sends a change still waiting out its quiet time when the editor goes away', async () => {
    const save = vi.fn(() => Promise.resolve({ version: 2, fields: { title: 'Bye', content: '<p>Body</p>' } }));
    const autosave = new Autosave(start, { save, delay: 2000 });
    autosave.set('title', 'Bye');
    autosave.stop();
    expect(save).toHaveBeenCalledWith({ title: 'Bye', version: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush() saves at once (Publish)', async () => {
    type WithStatus = Post & { status: 'draft' | 'published' };
    const draft: Saved<WithStatus> = { version: 1, fields: { ...start.fields, status: 'draft' } };
    const save = vi.fn((patch: Partial<WithStatus> & { version: number }) =>
      Promise.resolve({ version: 2, fields: { ...draft.fields, ...patch } }),
    );
    const autosave = new Autosave(draft, { save, delay: 2000 });
    autosave.set('title', 'Launch');
    autosave.set('status', 'published');
    await expect(autosave.flush()).resolves.toBe(true);
    expect(save).toHaveBeenCalledWith({ title: 'Launch', status: 'published', version: 1 });
  });
});
