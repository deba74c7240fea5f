// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, memoryLocation, Route, Router, Switch } from '../lib/router';
import { RootLayout } from './layout';

/** A page whose heading, like a data page's, arrives a little after the page itself. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Page B</h1> : <p>Loading…</p>;
}

/** A page whose form is there at once and whose heading arrives later. */
function EditorPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <input aria-label="Already typing" />
      {ready && <h1>Editor</h1>}
    </>
  );
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={memoryLocation().hook}>
        <RootLayout>
          <Switch>
            <Route path="/">
              <h1>Home</h1>
              <Link to="/b">to B</Link>
              <Link to="/editor">to the editor</Link>
            </Route>
            <Route path="/b" component={SlowPage} />
            <Route path="/editor" component={EditorPage} />
          </Switch>
        </RootLayout>
      </Router>
    </QueryClientProvider>,
  );
}

/** The page-name live region. */
const liveRegion = async () => {
  const region = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('main [role="status"][aria-atomic="true"]');
    if (!found) throw new Error('no live region yet');
    return found;
  });
  return region;
};

afterEach(cleanup);

describe('focus after a route change', () => {
  it('the first load leaves focus alone; a navigation focuses the new page heading once it renders and names it', async () => {
    show();
    expect(document.activeElement).toBe(document.body);
    expect((await liveRegion()).textContent).toBe('');

    fireEvent.click(screen.getByRole('link', { name: 'to B' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page B' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    const region = await liveRegion();
    await waitFor(() => expect(region.textContent).toBe('Page B'));
  });

  it('does not take focus the reader already moved into the new page', async () => {
    show();
    const region = await liveRegion();
    fireEvent.click(screen.getByRole('link', { name: 'to the editor' }));
    const input = await screen.findByRole('textbox', { name: 'Already typing' });
    input.focus();
    await waitFor(() => expect(region.textContent).toBe('Editor'));
    expect(document.activeElement).toBe(input);
  });
});
