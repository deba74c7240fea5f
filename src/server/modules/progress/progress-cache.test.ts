import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSerializer } from '../../lib/read-cache';
import { announcedLearners, LearnerProgressCache, progressReadKey } from './progress-cache';

/** The answers these tests keep, through a schema as a route's answer is. */
const answer = schemaSerializer(z.object({ percent: z.number().optional(), ok: z.boolean().optional() }));

/** A load that answers when the test says so, counting how often it ran. */
function heldLoad<T>(value: T) {
  let release: () => void = () => {};
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { load, release: () => release(), calls: () => calls };
}

const counting = (value: unknown) => {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return value;
    },
    calls: () => calls,
  };
};

describe('LearnerProgressCache', () => {
  it('keeps a learner’s answer as JSON until that learner is forgotten', async () => {
    const cache = new LearnerProgressCache();
    const ada = counting({ percent: 10 });
    expect(await cache.get('ada', 'course:1', answer, ada.load)).toBe('{"percent":10}');
    expect(await cache.get('ada', 'course:1', answer, ada.load)).toBe('{"percent":10}');
    expect(ada.calls()).toBe(1);
    const bob = counting({ percent: 50 });
    expect(await cache.get('bob', 'course:1', answer, bob.load)).toBe('{"percent":50}');
    cache.forget(['ada']);
    await cache.get('ada', 'course:1', answer, ada.load);
    await cache.get('bob', 'course:1', answer, bob.load);
    expect([ada.calls(), bob.calls()]).toEqual([2, 1]);
  });

  it('does not keep an answer that was loading when its learner was forgotten (it may be from before the write)', async () => {
    const cache = new LearnerProgressCache();
    const before = heldLoad({ percent: 10 });
    const first = cache.get('ada', 'course:1', answer, before.load);
    cache.forget(['ada']);
    before.release();
    expect(await first).toBe('{"percent":10}');
    const after = counting({ percent: 20 });
    expect(await cache.get('ada', 'course:1', answer, after.load)).toBe('{"percent":20}');
  });

  it('keeps neither a not-found answer nor a failure', async () => {
    const cache = new LearnerProgressCache();
    const missing = counting(null);
    expect(await cache.get('ada', 'course:x', answer, missing.load)).toBeNull();
    await cache.get('ada', 'course:x', answer, missing.load);
    expect(missing.calls()).toBe(2);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('down');
      return { ok: true };
    };
    await expect(cache.get('ada', 'learning', answer, flaky)).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('ada', 'learning', answer, flaky)).toBe('{"ok":true}');
  });

  it('keeps what the schema makes of the answer: a key the schema does not name never reaches the JSON', async () => {
    const cache = new LearnerProgressCache();
    const ada = counting({ percent: 10, passwordHash: '$argon2id$secret' });
    expect(await cache.get('ada', 'learning', answer, ada.load)).toBe('{"percent":10}');
    expect(await cache.get('ada', 'learning', answer, ada.load)).toBe('{"percent":10}');
    expect(ada.calls()).toBe(1);
  });

  it('reloads after its time to live (a change nobody announced)', async () => {
    const cache = new LearnerProgressCache(1_000);
    const ada = counting({ percent: 10 });
    await cache.get('ada', 'learning', answer, ada.load, 0);
    await cache.get('ada', 'learning', answer, ada.load, 999);
    await cache.get('ada', 'learning', answer, ada.load, 1_000);
    expect(ada.calls()).toBe(2);
  });

  it('keeps nothing while either announcement may be missed', async () => {
    const cache = new LearnerProgressCache();
    const ada = counting({ percent: 10 });
    await cache.get('ada', 'learning', answer, ada.load);
    for (const source of ['progress', 'content'] as const) {
      cache.setListening(source, false);
      await cache.get('ada', 'learning', answer, ada.load);
      await cache.get('ada', 'learning', answer, ada.load);
      cache.setListening(source, true);
    }
    expect(ada.calls()).toBe(5);
    await cache.get('ada', 'learning', answer, ada.load);
    await cache.get('ada', 'learning', answer, ada.load);
    expect(ada.calls()).toBe(6);
  });

  it('holds at most maxLearners learners, then starts over', async () => {
    const cache = new LearnerProgressCache(30_000, 3);
    for (const learner of ['a', 'b', 'c', 'd', 'e']) await cache.get(learner, 'learning', answer, async () => ({}));
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});

describe('how a read went out, kept beside its JSON', () => {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

  it('is kept with the JSON it was made from, until that JSON is forgotten or outlives its time', async () => {
    const cache = new LearnerProgressCache(1_000);
    const json = await cache.get('ada', 'learning', answer, async () => ({ percent: 10 }), 0);
    cache.keepAnswer('ada', 'learning', json, headers);
    expect(cache.answerOf('ada', 'learning', 999)).toEqual({
      json: '{"percent":10}',
      bytes: 14,
      rawHeaders: [...Object.entries(headers).flat(), 'content-length', '14'],
    });
    expect(cache.answerOf('bob', 'learning', 999)).toBeUndefined();
    expect(cache.answerOf('ada', 'course:1', 999)).toBeUndefined();
    expect(cache.answerOf('ada', 'learning', 1_000)).toBeUndefined();
    cache.forget(['ada']);
    expect(cache.answerOf('ada', 'learning', 0)).toBeUndefined();
  });

  it('is not kept beside another JSON: one loaded after a forget, or none kept at all', async () => {
    const cache = new LearnerProgressCache();
    const before = await cache.get('ada', 'learning', answer, async () => ({ percent: 10 }));
    cache.forget(['ada']);
    cache.keepAnswer('ada', 'learning', before, headers);
    expect(cache.answerOf('ada', 'learning')).toBeUndefined();
    await cache.get('ada', 'learning', answer, async () => ({ percent: 20 }));
    cache.keepAnswer('ada', 'learning', before, headers);
    expect(cache.answerOf('ada', 'learning')).toBeUndefined();
    const loading = heldLoad({ percent: 30 });
    cache.forget(['ada']);
    const pending = cache.get('ada', 'learning', answer, loading.load);
    cache.keepAnswer('ada', 'learning', '{"percent":30}', headers);
    expect(cache.answerOf('ada', 'learning')).toBeUndefined();
    loading.release();
    cache.keepAnswer('ada', 'learning', (await pending) ?? '', headers);
    expect(cache.answerOf('ada', 'learning')?.json).toBe('{"percent":30}');
  });
});

describe('progressReadKey', () => {
  it('names the two reads at their own addresses only', () => {
    const id = '0A1B2C3D-0000-4000-8000-00000000000F';
    expect(progressReadKey('/api/progress')).toBe('learning');
    expect(progressReadKey(`/api/progress/course/${id}`)).toBe(`course:${id.toLowerCase()}`);
    for (const other of [
      '/api/progress/',
      '/api/progress?x=1',
      `/api/progress/course/${id}/`,
      `/api/progress/course/${id}?x=1`,
      `/api/progress/course/%30${id.slice(1)}`,
      '/api/progress/course/not-a-course',
      `/api/progress//course/${id}`,
      `/api/progress/${id}`,
    ]) {
      expect(progressReadKey(other)).toBeUndefined();
    }
  });
});

describe('announcedLearners', () => {
  it('reads the learners an announcement names, or everyone for an empty one', () => {
    expect(announcedLearners('u1,u2')).toEqual(['u1', 'u2']);
    expect(announcedLearners('')).toBe('everyone');
  });
});
