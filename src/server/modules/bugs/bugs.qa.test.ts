// BugsWorld as a Q&A: tags, editing, the accepted solution, votes (consistent under races), cursor pages
// (never repeating or skipping while bugs arrive), search, and bugs asked at a lesson moment. Every rule's error too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bug,
  bugList,
  bugPage,
  lessonBug,
  solution,
  solutionPage,
  type Bug,
  type BugPage,
  type Solution,
} from '../../../shared/contract';
import { auditLog, bugComments, bugs, courses, lessons } from '../../db/schema';
import { createBugs, createCourse, createLesson, createUser, type TestUser } from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BUG_PAGE, BUGS_MAX } from './bug-list.service';
import { SOLUTION_PAGE, SOLUTIONS_MAX } from './solutions.service';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;
let lessonId: string;
let courseId: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  alice = await createUser(db, { name: 'Alice Asker' });
  bob = await createUser(db, { name: 'Bobby Solver' });
  carol = await createUser(db, { name: 'Carol Voter' });
  admin = await createUser(db, { name: 'Ada Admin', role: 'admin' });
  courseId = (await createCourse(db, { title: 'React' })).id;
  lessonId = (await createLesson(db, { courseId, title: 'Hooks in depth' })).id;
});
afterAll(() => t.close());

const call = callerOf(() => t.app);
const ok = async <T>(
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  parse: (v: unknown) => T,
) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return parse(r.json());
};

const addBug = (user: TestUser, extra: object = {}, title = 'Effect runs twice') =>
  ok(call('POST', '/api/bug/addbug', user, { title, description: '<p>Why?</p>', ...extra }), (v) =>
    bug.strict().parse(v),
  );
const addSolution = (user: TestUser, bugId: string, content = '<p>Strict mode</p>') =>
  ok(call('POST', '/api/bug/addcomment', user, { bug: bugId, content }), (v) => solution.strict().parse(v));
const list = (user: TestUser, query = '') =>
  ok(call('GET', `/api/bug/list${query}`, user), (v) => bugPage.strict().parse(v));
const solutionsOf = (bugId: string, user?: TestUser, cursor?: string) =>
  ok(call('GET', `/api/bug/${bugId}/solutions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, user), (v) =>
    solutionPage.strict().parse(v),
  );
const detail = async (bugId: string) => (await call('GET', `/api/bug/getBugDetail/${bugId}`)).json<Bug[]>()[0];

describe('tags', () => {
  it('keeps up to 5 tags, lower-cased and without repeats', async () => {
    const created = await addBug(alice, { tags: ['React', 'c#', 'node.js', 'c++', 'react', 'vite-8'] });
    expect(created.tags).toEqual(['react', 'c#', 'node.js', 'c++', 'vite-8']);
  });

  it.each([
    [['a', 'b', 'c', 'd', 'e', 'f'], /at most 5 tags/],
    [['has space'], /tag/],
    [['x'.repeat(25)], /tag/],
    [[''], /tag/],
    [['émoji'], /tag/],
    ['react', /tags/],
    [[7], /tags?/],
  ])('answers 400 for tags %j', async (tags, message) => {
    expect(
      await errorOf(call('POST', '/api/bug/addbug', alice, { title: 't', description: '<p>d</p>', tags }), 400),
    ).toMatch(message);
  });

  it('filters the list by tag and suggests tags by prefix, most used first', async () => {
    const tagged = await addBug(bob, { tags: ['zustand'] }, 'Store resets');
    await addBug(alice, { tags: ['zustand', 'zod'] }, 'Schema');
    await addBug(alice, { tags: ['zod'] }, 'Schema 2');
    await addBug(alice, { tags: ['zod'] }, 'Schema 3');
    const page = await list(alice, '?tag=zustand');
    expect(page.bugs.map((b) => b.title)).toEqual(['Schema', 'Store resets']);
    expect(page.bugs.every((b) => b.tags.includes('zustand'))).toBe(true);
    expect(page.bugs[1]._id).toBe(tagged._id);
    const res = await call('GET', '/api/bug/tags?prefix=z');
    expect(res.json()).toEqual({
      tags: [
        { name: 'zod', count: 3 },
        { name: 'zustand', count: 2 },
      ],
    });
    expect(await errorOf(call('GET', '/api/bug/list?tag=NOT%20A%20TAG', alice), 400)).toMatch(/tag/);
  });
});

describe('editing', () => {
  it('lets the author edit title, description and tags and shows when', async () => {
    const created = await addBug(alice, { tags: ['old'] });
    expect(created.editedAt).toBeNull();
    const edited = await ok(
      call('PATCH', `/api/bug/${created._id}`, alice, { title: 'New title', tags: ['new', 'tags'] }),
      (v) => bug.strict().parse(v),
    );
    expect(edited).toMatchObject({ title: 'New title', description: '<p>Why?</p>', tags: ['new', 'tags'] });
    expect(edited.editedAt).toEqual(expect.any(String));
    expect((await list(alice, '?tag=old')).bugs.map((b) => b._id)).not.toContain(created._id);
    expect((await list(alice, '?tag=new')).bugs.map((b) => b._id)).toContain(created._id);
  });

  it("refuses someone else's bug or solution (403), unknown ids (404) and bad bodies (400)", async () => {
    const created = await addBug(alice);
    const sol = await addSolution(bob, created._id);
    expect(await errorOf(call('PATCH', `/api/bug/${created._id}`, bob, { title: 'x' }), 403)).toMatch(/own/);
    expect(await errorOf(call('PATCH', `/api/bug/comment/${sol._id}`, alice, { content: '<p>x</p>' }), 403)).toMatch(
      /own/,
    );
    expect(await errorOf(call('PATCH', `/api/bug/${UNKNOWN}`, alice, { title: 'x' }), 404)).toMatch(/not found/);
    expect(await errorOf(call('PATCH', `/api/bug/comment/${UNKNOWN}`, alice, { content: '<p>x</p>' }), 404)).toMatch(
      /not found/,
    );
    expect(await errorOf(call('PATCH', `/api/bug/${created._id}`, alice, {}), 400)).toMatch(/nothing to change/);
    expect(await errorOf(call('PATCH', `/api/bug/${created._id}`, alice, { title: '  ' }), 400)).toMatch(/title/);
    expect(await errorOf(call('PATCH', `/api/bug/${created._id}`, alice, { tags: ['A B'] }), 400)).toMatch(/tag/);
    expect(await errorOf(call('PATCH', `/api/bug/comment/${sol._id}`, bob, { content: '<p> </p>' }), 400)).toMatch(
      /content/,
    );
    expect(await errorOf(call('PATCH', `/api/bug/${created._id}`, undefined, { title: 'x' }), 401)).toBeTruthy();
  });

  it('lets the author edit a solution, and an admin edit anything', async () => {
    const created = await addBug(alice);
    const sol = await addSolution(bob, created._id);
    const edited = await ok(call('PATCH', `/api/bug/comment/${sol._id}`, bob, { content: '<p>Better</p>' }), (v) =>
      solution.strict().parse(v),
    );
    expect(edited.content).toBe('<p>Better</p>');
    expect(edited.editedAt).toEqual(expect.any(String));
    const byAdmin = await ok(call('PATCH', `/api/bug/${created._id}`, admin, { title: 'Moderated' }), (v) =>
      bug.parse(v),
    );
    expect(byAdmin.title).toBe('Moderated');
    expect(byAdmin.user?._id).toBe(alice.id);
    // Moderation is recorded in the audit trail (0008), with the title before and after.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'bug',
      beforeTitle: 'Effect runs twice',
      afterTitle: 'Moderated',
    });
    await ok(call('PATCH', `/api/bug/comment/${sol._id}`, admin, { content: '<p>Moderated</p>' }), (v) => v);
  });
});

describe('accepting a solution', () => {
  it('lets the bug author accept, change and withdraw; the accepted one comes first and the bug is solved', async () => {
    const created = await addBug(alice);
    const first = await addSolution(bob, created._id, '<p>first</p>');
    const second = await addSolution(carol, created._id, '<p>second</p>');
    const accepted = await ok(call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: first._id }), (v) =>
      bug.strict().parse(v),
    );
    expect(accepted).toMatchObject({ solved: true, acceptedSolution: first._id, solutionCount: 2 });
    let page = await solutionsOf(created._id);
    expect(page.solutions.map((s) => [s._id, s.accepted])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    await ok(call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: second._id }), (v) => v);
    page = await solutionsOf(created._id);
    expect(page.solutions[0]._id).toBe(second._id);
    const withdrawn = await ok(call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: null }), (v) =>
      bug.parse(v),
    );
    expect(withdrawn).toMatchObject({ solved: false, acceptedSolution: null });
    expect((await list(alice, '?unsolved=true&mine=true')).bugs.map((b) => b._id)).toContain(created._id);
  });

  it("refuses another user (403), another bug's solution (400), unknown ones and bad bodies", async () => {
    const created = await addBug(alice);
    const other = await addBug(alice, {}, 'Other');
    const sol = await addSolution(bob, created._id);
    const elsewhere = await addSolution(bob, other._id);
    const url = `/api/bug/${created._id}/accepted`;
    expect(await errorOf(call('PUT', url, bob, { solution: sol._id }), 403)).toMatch(/author/);
    expect(await errorOf(call('PUT', url, alice, { solution: elsewhere._id }), 400)).toMatch(/does not answer/);
    expect(await errorOf(call('PUT', url, alice, { solution: UNKNOWN }), 400)).toMatch(/not found/);
    expect(await errorOf(call('PUT', url, alice, {}), 400)).toMatch(/solution/);
    expect(await errorOf(call('PUT', `/api/bug/${UNKNOWN}/accepted`, alice, { solution: null }), 404)).toMatch(
      /not found/,
    );
    expect((await detail(created._id)).solved).toBe(false);
  });

  it('gives one consistent answer when the author races two accepts', async () => {
    const created = await addBug(alice);
    const a = await addSolution(bob, created._id);
    const b = await addSolution(carol, created._id);
    const results = await Promise.all(
      [a, b, a, b].map((s) => call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: s._id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = await detail(created._id);
    const page = await solutionsOf(created._id);
    expect(page.solutions.filter((s) => s.accepted).map((s) => s._id)).toEqual([final.acceptedSolution]);
  });
});

describe('votes', () => {
  it('counts one vote per user, changeable and withdrawable, never your own', async () => {
    const created = await addBug(alice);
    const sol = await addSolution(bob, created._id);
    const url = `/api/bug/comment/${sol._id}/vote`;
    expect((await call('PUT', url, alice, { value: 1 })).json()).toEqual({ score: 1, myVote: 1 });
    expect((await call('PUT', url, alice, { value: 1 })).json()).toEqual({ score: 1, myVote: 1 });
    expect((await call('PUT', url, carol, { value: -1 })).json()).toEqual({ score: 0, myVote: -1 });
    expect((await call('PUT', url, alice, { value: -1 })).json()).toEqual({ score: -2, myVote: -1 });
    expect((await call('PUT', url, carol, { value: 0 })).json()).toEqual({ score: -1, myVote: 0 });
    const [mine] = (await solutionsOf(created._id, alice)).solutions;
    expect(mine).toMatchObject({ score: -1, myVote: -1 });
    expect((await solutionsOf(created._id)).solutions[0].myVote).toBe(0);
    expect((await detail(created._id)).bestScore).toBe(-1);
    expect(await errorOf(call('PUT', url, bob, { value: 1 }), 403)).toMatch(/own/);
    expect(await errorOf(call('PUT', `/api/bug/comment/${UNKNOWN}/vote`, alice, { value: 1 }), 404)).toMatch(
      /not found/,
    );
    for (const value of [2, '1', null, 0.5])
      expect(await errorOf(call('PUT', url, alice, { value }), 400)).toMatch(/value/);
    expect(await errorOf(call('PUT', url, undefined, { value: 1 }), 401)).toBeTruthy();
  });

  it('keeps score = sum of votes when many users race, and when one user races themself', async () => {
    const created = await addBug(alice);
    const sol = await addSolution(bob, created._id);
    const voters = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(t.database.db, { name: `Voter ${i}x` })),
    );
    const url = `/api/bug/comment/${sol._id}/vote`;
    await Promise.all(voters.map((v, i) => call('PUT', url, v, { value: i % 3 === 0 ? -1 : 1 })));
    // 4 down, 8 up.
    expect((await solutionsOf(created._id)).solutions[0].score).toBe(4);
    // One voter flips repeatedly at once: whatever order wins, the score matches their last stored vote.
    const flips = await Promise.all([1, -1, 0, 1, -1, 1, 0, -1].map((value) => call('PUT', url, carol, { value })));
    expect(flips.every((r) => r.statusCode === 200)).toBe(true);
    const [final] = (await solutionsOf(created._id, carol)).solutions;
    expect(final.score).toBe(4 + final.myVote);
  });

  it('sorts solutions accepted first, then by score, then newest', async () => {
    const created = await addBug(alice);
    const low = await addSolution(bob, created._id, '<p>low</p>');
    const high = await addSolution(bob, created._id, '<p>high</p>');
    const newest = await addSolution(bob, created._id, '<p>newest</p>');
    await call('PUT', `/api/bug/comment/${high._id}/vote`, carol, { value: 1 });
    await call('PUT', `/api/bug/comment/${low._id}/vote`, carol, { value: -1 });
    expect((await solutionsOf(created._id)).solutions.map((s) => s.content)).toEqual([
      '<p>high</p>',
      '<p>newest</p>',
      '<p>low</p>',
    ]);
    await call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: low._id });
    const spec = (await call('POST', '/api/bug/getcomment', undefined, { bug: created._id })).json<Solution[]>();
    expect(spec.map((s) => s._id)).toEqual([low._id, high._id, newest._id]);
    expect((await detail(created._id)).bestScore).toBe(1);
  });
});

describe('pages', () => {
  it('never repeats or skips a bug while new bugs arrive, and rejects cursors it did not issue', async () => {
    const author = await createUser(t.database.db, { name: 'Paging Author' });
    const { db } = t.database;
    const count = BUG_PAGE * 2 + 5;
    const inserted = await createBugs(
      db,
      Array.from({ length: count }, (_, i) => ({
        userId: author.id,
        title: `Paged ${i}`,
        // Many share a timestamp, so the id must break ties.
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, Math.floor(i / 3))),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BugPage = await list(author, `?mine=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.bugs.map((b) => b._id));
      cursor = page.nextCursor;
      pages += 1;
      // New bugs arrive between pages.
      await addBug(author, {}, `Arrived ${pages}`);
    } while (cursor);
    const pagedOld = seen.filter((id) => inserted.some((r) => r.id === id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(pagedOld.sort()).toEqual(inserted.map((r) => r.id).sort());
    expect(pages).toBe(3);

    const first = await list(author, '?mine=true');
    const issued = first.nextCursor as string;
    const forged = `${issued.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`;
    for (const bad of [forged, 'garbage', `${Buffer.from('{"c":"2020-01-01","i":"x"}').toString('base64url')}.abc`])
      expect(await errorOf(call('GET', `/api/bug/list?cursor=${encodeURIComponent(bad)}`, author), 400)).toMatch(
        /cursor/,
      );
    // A search cursor is refused on a plain list.
    const search = await list(author, '?q=paged');
    expect(search.nextCursor).toEqual(expect.any(String));
    expect(
      await errorOf(
        call('GET', `/api/bug/list?cursor=${encodeURIComponent(search.nextCursor as string)}`, author),
        400,
      ),
    ).toMatch(/cursor/);
  });

  it('splits mine from others and answers 400 for bad flags and 401 without a token', async () => {
    const mine = await list(alice, '?mine=true');
    expect(mine.bugs.every((b) => b.user?._id === alice.id)).toBe(true);
    const others = await list(alice, '?mine=false');
    expect(others.bugs.every((b) => b.user?._id !== alice.id)).toBe(true);
    expect(await errorOf(call('GET', '/api/bug/list?unsolved=maybe', alice), 400)).toMatch(/unsolved/);
    // Every parameter empty is the first page of all bugs.
    const empty = await list(alice, '?cursor=&tag=&q=&unsolved=&mine=');
    expect(empty.bugs.map((b) => b._id)).toEqual((await list(alice)).bugs.map((b) => b._id));
    expect((await call('GET', '/api/bug/list')).statusCode).toBe(401);
  });

  it('pages solutions with Load more', async () => {
    const created = await addBug(alice);
    const ids = [];
    for (let i = 0; i < SOLUTION_PAGE + 3; i++) ids.push((await addSolution(i % 2 ? bob : carol, created._id))._id);
    const first = await solutionsOf(created._id);
    expect(first.solutions).toHaveLength(SOLUTION_PAGE);
    const second = await solutionsOf(created._id, undefined, first.nextCursor as string);
    expect(second.nextCursor).toBeNull();
    expect([...first.solutions, ...second.solutions].map((s) => s._id).sort()).toEqual(ids.sort());
    expect((await detail(created._id)).solutionCount).toBe(SOLUTION_PAGE + 3);
    expect(await errorOf(call('GET', `/api/bug/${created._id}/solutions?cursor=nope`), 400)).toMatch(/cursor/);
    expect((await call('GET', `/api/bug/${UNKNOWN}/solutions`)).statusCode).toBe(404);
  });

  it('answers getbug and getcomment with the first bugs and solutions the pages walk through', async () => {
    const walk = async <T>(read: (cursor?: string) => Promise<{ nextCursor: string | null; items: T[] }>) => {
      const seen: T[] = [];
      let cursor: string | undefined;
      do {
        const page = await read(cursor);
        seen.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    const bugsOf = (mine: boolean) =>
      walk(async (cursor) => {
        const page = await list(alice, `?mine=${mine}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        return { nextCursor: page.nextCursor, items: page.bugs };
      });
    const lists = await ok(call('GET', '/api/bug/getbug', alice), (v) => bugList.strict().parse(v));
    expect(lists.userBugs).toEqual((await bugsOf(true)).slice(0, BUGS_MAX));
    expect(lists.otherBugs).toEqual((await bugsOf(false)).slice(0, BUGS_MAX));

    // More solutions than the specified call answers, scores and times tied in places, one of the lowest accepted.
    const created = await addBug(alice);
    const rows = await t.database.db
      .insert(bugComments)
      .values(
        Array.from({ length: SOLUTIONS_MAX + 2 }, (_, i) => ({
          bugId: created._id,
          userId: i % 2 ? bob.id : carol.id,
          content: `<p>Solution ${i}</p>`,
          score: (i % 7) - 3,
          createdAt: new Date(Date.UTC(2021, 0, 1, 0, 0, Math.floor(i / 4))),
        })),
      )
      .returning({ id: bugComments.id });
    await ok(call('PUT', `/api/bug/${created._id}/accepted`, alice, { solution: rows[0].id }), (v) => v);
    const walked = await walk(async (cursor) => {
      const page = await solutionsOf(created._id, carol, cursor);
      return { nextCursor: page.nextCursor, items: page.solutions };
    });
    expect(walked).toHaveLength(SOLUTIONS_MAX + 2);
    const spec = await ok(call('POST', '/api/bug/getcomment', carol, { bug: created._id }), (v) =>
      z.array(solution.strict()).parse(v),
    );
    expect(spec).toHaveLength(SOLUTIONS_MAX);
    expect(spec[0]._id).toBe(rows[0].id);
    expect(spec).toEqual(walked.slice(0, SOLUTIONS_MAX));
  });
});

describe('search', () => {
  it('ranks title matches over description matches, and matches a prefix', async () => {
    await addBug(bob, {}, 'Hydration mismatch warning');
    await ok(
      call('POST', '/api/bug/addbug', bob, { title: 'Odd', description: '<p>a hydration problem in SSR</p>' }),
      (v) => v,
    );
    const page = await list(alice, '?q=hydrat');
    expect(page.bugs.map((b) => b.title).slice(0, 2)).toEqual(['Hydration mismatch warning', 'Odd']);
    expect((await list(alice, `?q=${encodeURIComponent('"); drop table bugs; --')}`)).bugs).toBeDefined();
    expect(await errorOf(call('GET', `/api/bug/list?q=${'x'.repeat(2001)}`, alice), 400)).toMatch(/q/);
  });
});

describe('asked at a lesson moment', () => {
  it('keeps the lesson and time, and lists the lesson’s questions by time', async () => {
    const late = await addBug(alice, { lesson: { id: lessonId, at: 192 } }, 'At 3:12');
    const early = await addBug(bob, { lesson: { id: lessonId, at: 5.5 } }, 'At 0:05');
    expect(late.lesson).toEqual({ courseId, id: lessonId, title: 'Hooks in depth', at: 192 });
    const sol = await addSolution(bob, late._id);
    await call('PUT', `/api/bug/${late._id}/accepted`, alice, { solution: sol._id });
    const res = await call('GET', `/api/lession/${lessonId}/bugs`);
    expect(res.statusCode).toBe(200);
    const listed = res.json<unknown[]>().map((v) => lessonBug.strict().parse(v));
    expect(listed).toEqual([
      { _id: early._id, title: 'At 0:05', at: 5.5, solved: false },
      { _id: late._id, title: 'At 3:12', at: 192, solved: true },
    ]);
    expect((await call('GET', `/api/lession/${UNKNOWN}/bugs`)).statusCode).toBe(404);
  });

  it.each([
    [{ at: 1 }, /lesson/],
    [{ id: 'x', at: -1 }, /lesson|at/],
    [{ id: 'x', at: 'soon' }, /at/],
    ['3:12', /lesson/],
  ])('answers 400 for lesson %j', async (lesson, message) => {
    const res = call('POST', '/api/bug/addbug', alice, { title: 't', description: '<p>d</p>', lesson });
    expect(await errorOf(res, 400)).toMatch(message);
  });
});

describe('a lesson readers cannot see', () => {
  // Readers see lessons of published courses only: a bug never names a lesson they could not open.
  const draftLesson = async (title: string) => {
    const { db } = t.database;
    const course = await createCourse(db, { title: 'Unreleased', status: 'draft' });
    const lesson = await createLesson(db, { courseId: course.id, title });
    return { courseId: course.id, lessonId: lesson.id };
  };
  const setStatus = (id: string, status: 'draft' | 'published') =>
    t.database.db.update(courses).set({ status }).where(eq(courses.id, id));

  it('refuses a bug tied to a lesson of a draft course, as it refuses an unknown lesson, and writes nothing', async () => {
    const hidden = await draftLesson('Secret draft lesson');
    const before = await t.database.db.$count(bugs);
    for (const id of [hidden.lessonId, UNKNOWN, 'nope']) {
      const res = call('POST', '/api/bug/addbug', alice, {
        title: 'Tied to a draft',
        description: '<p>d</p>',
        lesson: { id, at: 3 },
      });
      expect(await errorOf(res, 404)).toBe('Lesson not found');
    }
    expect(await t.database.db.$count(bugs)).toBe(before);
  });

  it('answers 404 for the questions of a lesson of a draft course', async () => {
    const hidden = await draftLesson('Another secret');
    expect(await errorOf(call('GET', `/api/lession/${hidden.lessonId}/bugs`), 404)).toBe('Lesson not found');
  });

  it('hides the lesson of a bug once its course is unpublished, in the detail and every list, until it is back', async () => {
    const { db } = t.database;
    const course = await createCourse(db, { title: 'Soon hidden' });
    const lesson = await createLesson(db, { courseId: course.id, title: 'Public title' });
    const asked = await addBug(carol, { lesson: { id: lesson.id, at: 42 }, tags: ['unpublished'] }, 'Zebra leak');
    expect(asked.lesson).toEqual({ courseId: course.id, id: lesson.id, title: 'Public title', at: 42 });

    await setStatus(course.id, 'draft');
    await db.update(lessons).set({ title: 'Renamed while hidden' }).where(eq(lessons.id, lesson.id));

    const detail = await call('GET', `/api/bug/getBugDetail/${asked._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Bug[]>()[0].lesson).toBeNull();
    const reads = [
      detail.body,
      (await call('GET', '/api/bug/list', alice)).body,
      (await call('GET', '/api/bug/list?tag=unpublished', alice)).body,
      (await call('GET', '/api/bug/list?q=zebra', alice)).body,
      (await call('GET', '/api/bug/getbug', carol)).body,
      (await call('GET', '/api/bug/getbug', alice)).body,
    ];
    for (const body of reads) {
      expect(body).toContain('Zebra leak');
      expect(body).not.toContain('Renamed while hidden');
      expect(body).not.toContain(lesson.id);
    }
    expect((await list(alice, '?tag=unpublished')).bugs[0].lesson).toBeNull();
    expect((await call('GET', `/api/lession/${lesson.id}/bugs`)).statusCode).toBe(404);

    // Published again: the bug names its lesson again, by its current title.
    await setStatus(course.id, 'published');
    const [again] = (await call('GET', `/api/bug/getBugDetail/${asked._id}`)).json<Bug[]>();
    expect(again.lesson).toEqual({ courseId: course.id, id: lesson.id, title: 'Renamed while hidden', at: 42 });
    expect((await call('GET', `/api/lession/${lesson.id}/bugs`)).statusCode).toBe(200);
  });
});
