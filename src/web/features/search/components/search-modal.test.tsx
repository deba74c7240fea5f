// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation, Router } from '../../../lib/router';
import { signIn, signOut } from '../../../lib/session';
import SearchModal, { SEARCH_DEBOUNCE_MS } from './search-modal';

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation().hook}>
        <SearchModal onClose={onClose} />
      </Router>
    </QueryClientProvider>,
  );
  return { onClose };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('SearchModal', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    signOut();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is a labelled modal dialog that shows 'Premium users only' when signed out, and sends nothing", async () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Search');
    expect(screen.getByText('Premium users only')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    await wait(SEARCH_DEBOUNCE_MS + 100);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends no request for blank text', async () => {
    signIn('tok', 'user');
    renderModal();
    expect(screen.getByText('Search allowed to course and tutorials only')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '   ' } });
    await wait(SEARCH_DEBOUNCE_MS + 150);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Result Not Found')).toBeNull();
  });

  it('searches the trimmed, encoded text once typing pauses, with the auth token, and shows the hits', async () => {
    signIn('tok-9', 'user');
    fetchMock.mockResolvedValue(
      json({
        course: [{ _id: 'c1', title: 'React basics', description: `<p>${'x'.repeat(100)}</p>`, cover: '/c.svg' }],
        tutorial: [{ _id: 't1', title: 'CSS grid', image: '/t.svg', content: '<p>Grid &amp; flex</p>' }],
      }),
    );
    renderModal();
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'rea' } });
    fireEvent.change(input, { target: { value: ' react/dom? ' } });
    await waitFor(() => expect(screen.getByText('React basics')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/search/react%2Fdom%3F');
    expect((init?.headers as Record<string, string>)['auth-token']).toBe('tok-9');
    expect(screen.getByText('React basics').closest('a')?.getAttribute('href')).toBe('/course/c1');
    expect(screen.getByText('CSS grid').closest('a')?.getAttribute('href')).toBe('/tutorial/t1');
    expect(screen.getByText(`${'x'.repeat(90)}…`)).toBeTruthy();
    expect(screen.getByText('Grid & flex')).toBeTruthy();
  });

  it("shows 'Result Not Found' when both lists are empty", async () => {
    signIn('tok', 'user');
    fetchMock.mockResolvedValue(json({ course: [], tutorial: [] }));
    renderModal();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('Result Not Found')).toBeTruthy());
  });

  it("shows 'Result Not Found' for a text without a word, without a request ('..' cannot travel in a path)", async () => {
    signIn('tok', 'user');
    renderModal();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '..' } });
    await waitFor(() => expect(screen.getByText('Result Not Found')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves through the hits with the arrow keys, Home and End, back to the text from the first; marks the typed words', async () => {
    signIn('tok', 'user');
    fetchMock.mockResolvedValue(
      json({
        course: [
          { _id: 'c1', title: 'React basics', description: '<p>Learn react hooks</p>', cover: '/c.svg' },
          { _id: 'c2', title: 'Reactive streams', description: '<p>Streams</p>', cover: '/c.svg' },
        ],
        tutorial: [{ _id: 't1', title: 'Preact and React', image: '/t.svg', content: '<p>Small</p>' }],
      }),
    );
    renderModal();
    const input = screen.getByRole('searchbox');
    input.focus();
    fireEvent.change(input, { target: { value: 'react' } });
    await waitFor(() => expect(screen.getByText('Streams')).toBeTruthy());
    const hits = screen.getAllByRole('link');
    expect(hits.map((hit) => hit.getAttribute('href'))).toEqual(['/course/c1', '/course/c2', '/tutorial/t1']);
    const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
    press('ArrowDown');
    expect(document.activeElement).toBe(hits[0]);
    press('ArrowDown');
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(hits[2]);
    press('Home');
    expect(document.activeElement).toBe(hits[0]);
    press('End');
    expect(document.activeElement).toBe(hits[2]);
    press('ArrowUp');
    press('ArrowUp');
    press('ArrowUp');
    expect(document.activeElement).toBe(input);
    // Words that start with what was typed are marked, in titles and texts; 'Preact' is not.
    const marked = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['React', 'react', 'React', 'React']);
  });

  it('closes on Escape', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
