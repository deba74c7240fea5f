// @vitest-environment happy-dom
// The tag field: Enter adds a lower-cased tag as a chip, a bad tag is named and not added, at most 5, Backspace on
// an empty field removes the last chip, and suggestions come from the server by prefix.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagInput } from './tag-input';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          tags: [
            { name: 'react', count: 4 },
            { name: 'redis', count: 1 },
          ],
        }),
        { status: 200 },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TagInput value={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join(',')}</output>
    </QueryClientProvider>
  );
}

const field = () => screen.getByLabelText('Tags');
const enter = (text: string) => {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.keyDown(field(), { key: 'Enter' });
};
const chosen = () => screen.getByTestId('tags').textContent;

describe('TagInput', () => {
  it('adds lower-cased tags on Enter, once each, and removes the last on Backspace', () => {
    render(<Harness />);
    enter('React');
    enter('node.js');
    enter('react');
    expect(chosen()).toBe('react,node.js');
    expect(screen.getByRole('button', { name: 'Remove tag react' })).toBeTruthy();
    fireEvent.keyDown(field(), { key: 'Backspace' });
    expect(chosen()).toBe('react');
  });

  it('names a bad tag and refuses a sixth', () => {
    render(<Harness initial={['a', 'b', 'c', 'd']} />);
    enter('no spaces!');
    expect(chosen()).toBe('a,b,c,d');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/“no spaces!” is not a tag/)).toBeTruthy();
    enter('e');
    expect(chosen()).toBe('a,b,c,d,e');
    expect((field() as HTMLInputElement).disabled).toBe(true);
  });

  it('suggests tags in use that start with what is typed', async () => {
    const { container } = render(<Harness />);
    fireEvent.change(field(), { target: { value: 're' } });
    await waitFor(() => expect(container.querySelectorAll('datalist option')).toHaveLength(2));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/bug/tags?prefix=re');
  });
});
