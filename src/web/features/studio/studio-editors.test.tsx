// @vitest-environment happy-dom
// The editors against a stubbed fetch: autosave and its states, a 409, a network failure, leaving with unsaved
// changes, the lesson order, and an upload refused by the server.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showAlert } from '../../components/alert-banner';
import { signIn, signOut } from '../../lib/session';
import type { StudioLesson } from '../../../shared/studio';
import {
  blog,
  course,
  fakeServer,
  type Handler,
  json,
  lesson,
  ME,
  renderStudio,
  type Call,
} from './studio-test-helpers';

// Tiptap is a lazy chunk of its own; here a textarea with the same label stands in for it.
vi.mock('./components/authored-editor', () => ({
  AuthoredEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  signOut();
  signIn('tok', ME.author._id);
  showAlert('(none yet)');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const saveStatus = () => document.querySelector('.save-status__text')?.textContent;
const patches = (calls: Call[]) => calls.filter((c) => c.method === 'PATCH');
const typeTitle = (value: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value } });

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('autosave in the post editor', () => {
  it("waits for typing to stop, then PATCHes the change with the version: 'Saving…' then 'Saved'", async () => {
    const answer = deferred();
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog({ version: 7 })),
      'PATCH /api/studio/blogs/b1': () => answer.promise,
    });
    renderStudio('/studio/blogs/b1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit post' })).toBeTruthy();
    expect(saveStatus()).toBe('Saved');
    expect(screen.getByText('Not published yet: the post is dated when it is first published.')).toBeTruthy();

    typeTitle('Post o');
    await advance(1500);
    typeTitle('Post one, edited');
    expect(saveStatus()).toBe('Unsaved changes');
    // The clock also moves with real time here (shouldAdvanceTime), so the check keeps a margin.
    await advance(1800);
    expect(patches(calls)).toHaveLength(0);
    await advance(200);
    expect(patches(calls)).toEqual([
      { method: 'PATCH', url: '/api/studio/blogs/b1', body: { title: 'Post one, edited', version: 7 } },
    ]);
    expect(saveStatus()).toBe('Saving…');

    await act(async () => answer.resolve(json(200, blog({ title: 'Post one, edited', version: 8 }))));
    await waitFor(() => expect(saveStatus()).toBe('Saved'));
    typeTitle('Post one, edited twice');
    await advance(2000);
    expect(patches(calls)[1].body).toEqual({ title: 'Post one, edited twice', version: 8 });
  });

  it('a 409 stops autosave and says so; Reload refetches and keeps the unsaved text on screen', async () => {
    let version = 2;
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () =>
        json(200, blog(version === 2 ? { version } : { version, title: 'Their title', content: '<p>Theirs</p>' })),
      'PATCH /api/studio/blogs/b1': () => {
        version = 3;
        return json(409, { error: 'This post was changed by someone else.' });
      },
    });
    renderStudio('/studio/blogs/b1');
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    typeTitle('My title');
    await advance(2000);
    await waitFor(() => expect(saveStatus()).toMatch(/^Someone else changed this post/));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('My title');
    typeTitle('My title, still mine');
    await advance(10_000);
    expect(patches(calls)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Their title'));
    expect(saveStatus()).toBe('Saved');
    const recovered = screen.getByRole('region', { name: 'Your unsaved changes' });
    expect(within(recovered).getByLabelText<HTMLTextAreaElement>('Your title').value).toBe('My title, still mine');

    fireEvent.click(within(recovered).getByRole('button', { name: 'Use my title' }));
    await advance(2000);
    expect(patches(calls)[1].body).toEqual({ title: 'My title, still mine', version: 3 });
  });

  it("a network failure shows 'Not saved: retrying' and recovers on its own", async () => {
    let failures = 1;
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog()),
      'PATCH /api/studio/blogs/b1': () => {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
        return json(200, blog({ title: 'Offline edit', version: 2 }));
      },
    });
    renderStudio('/studio/blogs/b1');
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: '<p>Written on a train</p>' } });
    typeTitle('Offline edit');
    await advance(2000);
    await waitFor(() => expect(saveStatus()).toBe('Not saved: retrying'));
    await advance(1000);
    await waitFor(() => expect(saveStatus()).toBe('Saved'));
    expect(patches(calls).map((c) => c.body)).toEqual([
      { title: 'Offline edit', content: '<p>Written on a train</p>', version: 1 },
      { title: 'Offline edit', content: '<p>Written on a train</p>', version: 1 },
    ]);
  });

  it('Publish sends the status with the version and shows the first publish date', async () => {
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog({ version: 4 })),
      'PATCH /api/studio/blogs/b1': () =>
        json(200, blog({ version: 5, status: 'published', date: '2026-11-24T08:00:00.000Z' })),
    });
    renderStudio('/studio/blogs/b1');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(patches(calls)[0].body).toEqual({ status: 'published', version: 4 });
    expect(screen.getByText('Published')).toBeTruthy();
    expect(
      screen
        .getByText(/First published/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2026-11-24T08:00:00.000Z');
    expect(screen.getByRole('link', { name: 'View on the site' }).getAttribute('href')).toBe('/blog/b1');
  });

  it("shows someone else's post read-only to an author, saying who may change it", async () => {
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog({ author: { _id: 'u-other', name: 'Olga Other' } })),
    });
    renderStudio('/studio/blogs/b1');
    expect(
      await screen.findByText('You can read this post, but only its author (Olga Other) or an admin can change it.'),
    ).toBeTruthy();
    // The fields sit in a disabled fieldset: disabled as a group, not each by its own attribute.
    expect(screen.getByLabelText('Title').closest('fieldset')?.disabled).toBe(true);
    // Controls the author may not use are not offered at all.
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Owner' })).getByText('Olga Other')).toBeTruthy();
    expect(screen.queryByLabelText('Hand this post to')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets an admin hand a post that belongs to the site to an author (Owner)', async () => {
    const users = [
      { _id: 'u-author', name: 'Alan Author', email: 'alan@example.test', role: 'author', bootstrapAdmin: false },
      { _id: 'u-learner', name: 'Lea Learner', email: 'lea@example.test', role: 'learner', bootstrapAdmin: false },
    ];
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.admin),
      'GET /api/studio/blogs/b1': () => json(200, blog({ author: null })),
      'GET /api/studio/users?q=': () => json(200, users),
      'PUT /api/studio/blogs/b1/owner': () => json(200, blog({ author: { _id: 'u-author', name: 'Alan Author' } })),
    });
    renderStudio('/studio/blogs/b1');
    const owner = await screen.findByRole('region', { name: 'Owner' });
    expect(within(owner).getByText('DevCourses (the site)')).toBeTruthy();
    const select = await within(owner).findByLabelText<HTMLSelectElement>('Hand this post to');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Alan Author (author)' })).toBeTruthy());
    // Only authors and admins can own content.
    expect(within(select).queryByRole('option', { name: /Lea Learner/ })).toBeNull();
    fireEvent.change(select, { target: { value: 'u-author' } });
    fireEvent.click(within(owner).getByRole('button', { name: 'Change owner' }));
    expect(await within(owner).findByText('This post is now Alan Author’s.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/studio/blogs/b1/owner',
      body: { userId: 'u-author' },
    });
    expect(within(owner).getByText('Alan Author')).toBeTruthy();
  });

  it('asks before a link leaves unsaved changes behind: Stay keeps the page, Leave goes', async () => {
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog()),
      'GET /api/studio/courses': () => json(200, []),
      'PATCH /api/studio/blogs/b1': () => new Promise<Response>(() => undefined),
    });
    renderStudio('/studio/blogs/b1');
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    typeTitle('Half written');
    fireEvent.click(screen.getByRole('link', { name: 'Content lists' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit post' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Content lists' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeTruthy();
  });
  it('holds Back/Forward (the Navigation API) until Leave, then goes to the entry asked for', async () => {
    const traverseTo = vi.fn(() => ({ committed: Promise.resolve(), finished: Promise.resolve() }));
    const navigation = Object.assign(new EventTarget(), { traverseTo });
    vi.stubGlobal('navigation', navigation);
    const back = () => {
      const event = Object.assign(new Event('navigate', { cancelable: true }), {
        navigationType: 'traverse',
        destination: { key: 'entry-before' },
      });
      navigation.dispatchEvent(event);
      return event;
    };
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs/b1': () => json(200, blog()),
      'PATCH /api/studio/blogs/b1': () => new Promise<Response>(() => undefined),
    });
    renderStudio('/studio/blogs/b1');
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    expect(back().defaultPrevented).toBe(false);

    typeTitle('Half written');
    await waitFor(() => expect(saveStatus()).toBe('Unsaved changes'));
    let event: Event | undefined;
    act(() => {
      event = back();
    });
    expect(event?.defaultPrevented).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(traverseTo).toHaveBeenCalledWith('entry-before');
    // The traversal it starts is let through.
    expect(back().defaultPrevented).toBe(false);
  });
});

describe('lessons in the course editor', () => {
  const lessons = [
    lesson({ _id: 'l1', title: 'Intro' }),
    lesson({ _id: 'l2', title: 'Setup' }),
    lesson({ _id: 'l3', title: 'Deploy' }),
  ];

  it('Move up / Move down PUT the whole new order and keep focus on the moved lesson', async () => {
    let current = lessons;
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons: current })),
      'PUT /api/studio/courses/c1/lesson-order': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        current = ids.flatMap((id) => lessons.filter((l) => l._id === id));
        return json(200, current);
      },
    });
    renderStudio('/studio/courses/c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lessons' })).toBeTruthy();
    const titles = () =>
      screen.getAllByRole('listitem').map((li) => li.querySelector('.lesson-row__title')?.textContent);
    expect(titles()).toEqual(['Intro', 'Setup', 'Deploy']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Intro up' }).disabled).toBe(true);

    const up = screen.getByRole('button', { name: 'Move Deploy up' });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(titles()).toEqual(['Intro', 'Deploy', 'Setup']));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Deploy up' }));
    expect(screen.getByText('“Deploy” moved to position 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Move Intro down' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(titles()).toEqual(['Deploy', 'Intro', 'Setup']);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/studio/courses/c1/lesson-order', { ids: ['l1', 'l3', 'l2'] }],
      ['/api/studio/courses/c1/lesson-order', { ids: ['l3', 'l1', 'l2'] }],
    ]);

    // Moved to the top, its Move up button is disabled: focus goes to its Move down button.
    const introUp = screen.getByRole('button', { name: 'Move Intro up' });
    introUp.focus();
    fireEvent.click(introUp);
    await waitFor(() => expect(titles()).toEqual(['Intro', 'Deploy', 'Setup']));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Intro down'));
  });

  it('a second move while the first is on its way: the older answer never puts the list back, focus stays', async () => {
    let current = lessons;
    const answers: { resolve: (response: Response) => void; promise: Promise<Response> }[] = [];
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons: current })),
      'PUT /api/studio/courses/c1/lesson-order': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        current = ids.flatMap((id) => lessons.filter((l) => l._id === id));
        const answer = deferred();
        answers.push(answer);
        const order = current;
        return answer.promise.then(() => json(200, order));
      },
    });
    renderStudio('/studio/courses/c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lessons' })).toBeTruthy();
    const titles = () =>
      screen.getAllByRole('listitem').map((li) => li.querySelector('.lesson-row__title')?.textContent);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push((titles() as string[]).join(',')));
    observer.observe(screen.getByRole('list'), { childList: true, subtree: true, characterData: true });

    const down = screen.getByRole('button', { name: 'Move Intro down' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(titles()).toEqual(['Setup', 'Intro', 'Deploy']));
    await waitFor(() => expect(answers).toHaveLength(1));
    // The first PUT has not answered yet: move Intro down again.
    fireEvent.click(screen.getByRole('button', { name: 'Move Intro down' }));
    await waitFor(() => expect(titles()).toEqual(['Setup', 'Deploy', 'Intro']));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Intro up'));

    await act(async () => answers[0].resolve(new Response()));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(titles()).toEqual(['Setup', 'Deploy', 'Intro']);
    await act(async () => answers[1].resolve(new Response()));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/c1')).length).toBe(2));
    expect(titles()).toEqual(['Setup', 'Deploy', 'Intro']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Intro up');
    observer.disconnect();
    // Never back to an older order on the way.
    expect(seen.filter((order) => order !== 'Setup,Intro,Deploy' && order !== 'Setup,Deploy,Intro')).toEqual([]);
    expect(seen.lastIndexOf('Setup,Intro,Deploy')).toBeLessThan(seen.indexOf('Setup,Deploy,Intro'));
  });

  it('a lesson dragged by its handle onto the upper half of another lands before it, and the order is PUT', async () => {
    let current = lessons;
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons: current })),
      'PUT /api/studio/courses/c1/lesson-order': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        current = ids.flatMap((id) => lessons.filter((l) => l._id === id));
        return json(200, current);
      },
    });
    renderStudio('/studio/courses/c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lessons' })).toBeTruthy();
    const rows = () => screen.getAllByRole('listitem');
    const titles = () => rows().map((li) => li.querySelector('.lesson-row__title')?.textContent);
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rows()[2].querySelector('.lesson-row__handle') as Element, { dataTransfer });
    // Not below the middle of the first row (happy-dom lays out nothing: every box is 0 high at 0).
    fireEvent.dragOver(rows()[0], { dataTransfer });
    await waitFor(() => expect(rows()[0].className).toBe('lesson-row lesson-row--drop-before'));
    expect(rows()[2].className).toBe('lesson-row lesson-row--dragging');
    fireEvent.drop(rows()[0], { dataTransfer });
    await waitFor(() => expect(titles()).toEqual(['Deploy', 'Intro', 'Setup']));
    expect(screen.getByText('“Deploy” moved to position 1 of 3.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ ids: ['l3', 'l1', 'l2'] }]),
    );
    expect(rows().map((li) => li.className)).toEqual(['lesson-row', 'lesson-row', 'lesson-row']);
  });

  it('Delete asks first, then the lesson leaves the list and the list says so', async () => {
    let current = lessons;
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons: current })),
      'DELETE /api/studio/lessons/l2': () => {
        current = lessons.filter((l) => l._id !== 'l2');
        return json(200, {});
      },
    });
    renderStudio('/studio/courses/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Setup' }));
    expect(screen.getByRole('button', { name: 'Close Setup' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Setup' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this lesson?' });
    expect(within(dialog).getByText('“Setup” will be deleted with its comments. This cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Deleted “Setup”.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.lesson-row__title')?.textContent)).toEqual([
      'Intro',
      'Deploy',
    ]);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/studio/lessons/l2']);
  });

  it('a refused order puts the lessons back and says why', async () => {
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons })),
      'PUT /api/studio/courses/c1/lesson-order': () => json(400, { error: 'ids must list every lesson' }),
    });
    renderStudio('/studio/courses/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Setup down' }));
    await waitFor(() => expect(screen.getByText('The order was not saved: ids must list every lesson')).toBeTruthy());
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.lesson-row__title')?.textContent)).toEqual([
      'Intro',
      'Setup',
      'Deploy',
    ]);
  });

  it("a published course's lessons say Draft or Published; Publish publishes a draft one, then says Published", async () => {
    const live = { title: 'Intro', updatedAt: '2026-11-23T15:30:00.000Z' };
    const shown = [
      lesson({ _id: 'l1', title: 'Intro', status: 'published', published: live }),
      lesson({ _id: 'l2', title: 'Added later', status: 'draft', version: 3 }),
    ];
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () =>
        json(
          200,
          course({
            status: 'published',
            published: { title: 'Course one', updatedAt: live.updatedAt },
            lessons: shown,
          }),
        ),
      'POST /api/studio/lessons/l2/update': () =>
        json(200, { ...shown[1], status: 'published', version: 4, published: { ...live, title: 'Added later' } }),
    });
    renderStudio('/studio/courses/c1');
    await screen.findByRole('heading', { level: 2, name: 'Lessons' });
    const states = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.status-badge')?.textContent);
    expect(states()).toEqual(['Published', 'Draft']);
    // The course's Update would publish the new lesson too.
    expect(screen.getByText('1 new lesson not yet published')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish Intro' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish Added later' }));
    await waitFor(() => expect(states()).toEqual(['Published', 'Published']));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/studio/lessons/l2/update', body: { version: 3 } },
    ]);
    expect(screen.queryByRole('button', { name: 'Publish Added later' })).toBeNull();
    expect(screen.getByText('Published · readers see this version')).toBeTruthy();
  });

  it("a draft course's lessons have no Publish of their own: they are published with the course", async () => {
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons })),
    });
    renderStudio('/studio/courses/c1');
    await screen.findByRole('heading', { level: 2, name: 'Lessons' });
    expect(screen.getAllByText('Draft', { selector: '.lesson-row .status-badge' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Publish / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup' }));
    expect(screen.queryByRole('button', { name: 'Publish lesson' })).toBeNull();
  });

  it('an open draft lesson of a published course publishes from its editor, after saving what is typed', async () => {
    const draft = lesson({ _id: 'l2', title: 'Added later', status: 'draft', version: 3 });
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ status: 'published', lessons: [draft] })),
      'PATCH /api/studio/lessons/l2': ({ body }) => json(200, { ...draft, ...(body as object), version: 4 }),
      'POST /api/studio/lessons/l2/update': () =>
        json(200, {
          ...draft,
          title: 'Added, titled',
          status: 'published',
          version: 5,
          published: { title: 'Added, titled', updatedAt: draft.updatedAt },
        }),
    });
    renderStudio('/studio/courses/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Added later' }));
    const editor = screen.getByRole('region', { name: 'Edit lesson' });
    expect(within(editor).getByText('Draft · readers do not see this lesson yet')).toBeTruthy();
    // Open, the row leaves Publish to the editor.
    expect(screen.queryByRole('button', { name: 'Publish Added later' })).toBeNull();
    fireEvent.change(within(editor).getByLabelText('Lesson title'), { target: { value: 'Added, titled' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Publish lesson' }));
    await waitFor(() => expect(within(editor).getByText('Published · readers see this version')).toBeTruthy());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url])).toEqual([
      ['PATCH', '/api/studio/lessons/l2'],
      ['POST', '/api/studio/lessons/l2/update'],
    ]);
  });

  /** A published course whose one lesson, l1, is published too, open in its editor; `routes` adds the calls the
   *  test answers (given the lesson as served). */
  async function openPublishedLesson(
    title: string,
    version: number,
    routes: (served: StudioLesson) => Record<string, Handler>,
  ) {
    const live = lesson({ _id: 'l1', title, status: 'published', version });
    const served = { ...live, published: { title, updatedAt: live.updatedAt } };
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ status: 'published', lessons: [served] })),
      ...routes(served),
    });
    renderStudio('/studio/courses/c1');
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
    return { calls, editor: screen.getByRole('region', { name: 'Edit lesson' }) };
  }

  it("a published lesson's History lists its published versions and Restore puts one into its working copy", async () => {
    const { calls, editor } = await openPublishedLesson('Intro, revised', 2, (published) => ({
      'GET /api/studio/lessons/l1/revisions': () =>
        json(200, {
          revisions: [
            {
              _id: 'r1',
              title: 'Intro',
              by: { _id: 'u-author', name: 'Alice Author' },
              at: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
      'POST /api/studio/lessons/l1/revisions/r1/restore': () =>
        json(200, { ...published, title: 'Intro', version: 3, hasChanges: true }),
    }));
    const history = within(editor).getByText('History').closest('details') as HTMLDetailsElement;
    history.open = true;
    fireEvent(history, new Event('toggle'));
    fireEvent.click(await within(history).findByRole('button', { name: /^Restore “Intro” of / }));
    expect(await within(editor).findByText('Changes not yet published')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/studio/lessons/l1/revisions/r1/restore'],
    ]);
  });

  it('Unpublish lesson takes a published lesson off on its own, on the version its editor holds: it is a draft again', async () => {
    const { calls, editor } = await openPublishedLesson('Intro', 4, (published) => ({
      'PATCH /api/studio/lessons/l1': () => json(200, { ...published, status: 'draft', published: null, version: 5 }),
    }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Unpublish lesson' }));
    expect(await within(editor).findByText('Draft · readers do not see this lesson yet')).toBeTruthy();
    expect(within(editor).getByRole('button', { name: 'Publish lesson' })).toBeTruthy();
    expect(within(editor).queryByText('History')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/studio/lessons/l1', { status: 'draft', version: 4 }],
    ]);
  });

  it("the lesson editor autosaves its own fields with the lesson's version; captions can be removed", async () => {
    const withCaptions = lessons.map((l) => (l._id === 'l2' ? { ...l, captions: '/media/setup.vtt', version: 6 } : l));
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course({ lessons: withCaptions })),
      'PATCH /api/studio/lessons/l2': ({ body }) => json(200, { ...withCaptions[1], ...(body as object), version: 7 }),
    });
    renderStudio('/studio/courses/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Setup' }));
    const editor = screen.getByRole('region', { name: 'Edit lesson' });
    expect(within(editor).getByLabelText<HTMLInputElement>('Video link').value).toBe('/media/one.webm');
    fireEvent.change(within(editor).getByLabelText('Lesson title'), { target: { value: 'Set up' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove captions' }));
    await advance(2000);
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({
      method: 'PATCH',
      url: '/api/studio/lessons/l2',
      body: { title: 'Set up', captions: null, version: 6 },
    });
    await waitFor(() => expect(within(editor).getByText('Saved')).toBeTruthy());
  });
});

describe('uploads', () => {
  /** XMLHttpRequest as far as lib/upload uses it; each request waits for the test to answer it. */
  class FakeXhr {
    static sent: FakeXhr[] = [];
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    status = 0;
    statusText = '';
    responseText = '';
    upload = new EventTarget();
    private events = new EventTarget();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      this.events.addEventListener(type, listener);
    }
    send(body: unknown) {
      this.body = body;
      FakeXhr.sent.push(this);
    }
    abort() {
      this.events.dispatchEvent(new Event('abort'));
    }
    progress(loaded: number, total: number) {
      const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
      this.upload.dispatchEvent(event);
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.events.dispatchEvent(new Event('load'));
    }
  }

  it("shows the upload's progress, the server's words on a 415, and the uploaded cover's preview", async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses/c1': () => json(200, course()),
      'PATCH /api/studio/courses/c1': ({ body }) => json(200, course({ ...(body as object), version: 2 })),
    });
    renderStudio('/studio/courses/c1');
    const field = await screen.findByLabelText('Upload a cover image');
    // The accepted types and the size limit are said beside the field and read with it.
    expect(field.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/gif');
    const note = document.getElementById((field.getAttribute('aria-describedby') ?? '').split(' ')[0]);
    expect(note?.textContent).toBe('PNG, JPEG, WebP or GIF · up to 5 MB');
    expect(screen.getByRole('img', { name: 'Cover image preview' }).getAttribute('src')).toBe('/media/cover.png');

    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.change(field, { target: { files: [svg] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe('/api/studio/media');
    expect(FakeXhr.sent[0].headers['auth-token']).toBe('tok');
    expect((FakeXhr.sent[0].body as FormData).get('file')).toBeInstanceOf(File);
    act(() => FakeXhr.sent[0].progress(1, 4));
    expect(screen.getByText('Uploading logo.svg… 25%')).toBeTruthy();
    act(() => FakeXhr.sent[0].respond(415, { error: 'Only PNG, JPEG, WebP and GIF images are accepted.' }));
    await waitFor(() =>
      expect(
        screen.getByText('logo.svg was not uploaded: Only PNG, JPEG, WebP and GIF images are accepted.'),
      ).toBeTruthy(),
    );

    const png = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(field, { target: { files: [png] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => FakeXhr.sent[1].respond(200, { url: '/media/abc123.png' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Cover image preview' }).getAttribute('src')).toBe('/media/abc123.png'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Cover image URL').value).toBe('/media/abc123.png');
  });
});
