// @vitest-environment happy-dom
// The parts lib/router.tsx adds to wouter keep React Router's behaviour (docs/decisions/0020).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, memoryLocation, NavLink, Router, useSearchParams } from './router';

afterEach(cleanup);

const linkAt = (path: string, to: string, end?: boolean) => {
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <NavLink to={to} end={end} className="navbar__link">
        link
      </NavLink>
    </Router>,
  );
  return screen.getByRole('link', { name: 'link' });
};

describe('NavLink', () => {
  it.each([
    ['/course', '/course', false, true],
    ['/course/c1/l1', '/course', false, true],
    ['/COURSE/c1', '/course', false, true],
    ['/courses', '/course', false, false],
    ['/course/c1', '/course', true, false],
    ['/', '/', true, true],
    ['/course', '/', true, false],
    // A `to` ending in '/' is active on itself and below it, not on the path without the slash.
    ['/blog/', '/blog/', false, true],
    ['/blog/b1', '/blog/', false, true],
    ['/blog', '/blog/', false, false],
  ])('at %s, a link to %s (end: %s) is active: %s', (path, to, end, active) => {
    const link = linkAt(path, to, end);
    expect(link.getAttribute('aria-current')).toBe(active ? 'page' : null);
    expect(link.className).toBe(active ? 'navbar__link active' : 'navbar__link');
    expect(link.getAttribute('href')).toBe(to);
  });
});

describe('Link', () => {
  it('adds a history entry, except to the address already shown, which it replaces', () => {
    const location = memoryLocation({ path: '/bugs?tag=css', record: true });
    render(
      <Router hook={location.hook}>
        <Link to="/bugs?tag=css">same</Link>
        <Link to="/course">other</Link>
      </Router>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'same' }));
    expect(location.history).toEqual(['/bugs?tag=css']);
    fireEvent.click(screen.getByRole('link', { name: 'other' }));
    expect(location.history).toEqual(['/bugs?tag=css', '/course']);
  });
});

function Search() {
  const [params, setParams] = useSearchParams();
  return (
    <button
      type="button"
      onClick={() =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('q', `${params.get('q') ?? ''}!`);
          return next;
        })
      }
    >
      {params.get('q')}
    </button>
  );
}

describe('useSearchParams', () => {
  it('decodes the query once: a searched "%20" stays "%20"', () => {
    render(
      <Router hook={memoryLocation({ path: '/bugs?q=%2520&tag=css' }).hook}>
        <Search />
      </Router>,
    );
    expect(screen.getByRole('button').textContent).toBe('%20');
  });

  it('sets parameters on the same path', () => {
    const location = memoryLocation({ path: '/bugs?q=a', record: true });
    render(
      <Router hook={location.hook}>
        <Search />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(location.history.at(-1)).toBe('/bugs?q=a%21');
    expect(screen.getByRole('button').textContent).toBe('a!');
  });
});
