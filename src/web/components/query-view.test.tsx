// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '../../shared/constants';
import { api } from '../lib/api';
import { memoryLocation, Router } from '../lib/router';
import { QueryView } from './query-view';

function Course({ section }: { section?: boolean }) {
  const query = useQuery({ queryKey: ['course'], queryFn: () => api<{ title: string }>('/api/x'), retry: false });
  return (
    <QueryView query={query} what="The course" section={section}>
      {(data) => <p>{data.title}</p>}
    </QueryView>
  );
}

const show = (section?: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={memoryLocation().hook}>
        <Course section={section} />
      </Router>
    </QueryClientProvider>,
  );

/** Answers each fetch with the next of `answers` (a Response, or an Error to throw: a dropped connection). */
function stubFetch(...answers: (Response | Error)[]) {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QueryView', () => {
  it('a 404 answer shows the 404 view', async () => {
    stubFetch(Response.json({ error: 'Course not found' }, { status: 404 }));
    show();
    expect(await screen.findByRole('heading', { level: 1, name: TEXT.notFoundTitle })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('a 500 says something went wrong (not 404), and Retry recovers', async () => {
    const fetch = stubFetch(
      Response.json({ error: 'Internal Server Error' }, { status: 500 }),
      Response.json({ title: 'CSS basics' }),
    );
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The course could not be loaded: Internal Server Error');
    expect(screen.queryByText(TEXT.notFoundTitle)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CSS basics')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a dropped connection says the server could not be reached, and Retry recovers', async () => {
    stubFetch(new TypeError('Failed to fetch'), Response.json({ title: 'Git' }));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Git')).toBeTruthy();
  });

  it('inside a section the failure is a section heading, so the page keeps its own h1', async () => {
    stubFetch(Response.json({ error: 'Bad Gateway' }, { status: 502 }));
    show(true);
    expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
