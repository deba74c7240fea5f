// A rendered page is its module, its companion `<page>.head.ts` and one line in the route table: each declaration
// names a route whose line loads the module beside it (the module the build manifest names its chunk by), and the
// public pages (and only they) are rendered.
import { describe, expect, it } from 'vitest';
import { patterns } from '../app/paths';
import { appRoutes } from '../app/router';
import { renderedPages } from './rendered-pages';

describe('the rendered-page registry', () => {
  it('has a declaration for each public page and the 404 view, none for account pages or the Studio', () => {
    expect([...renderedPages.keys()].sort()).toEqual(
      [
        patterns.home,
        patterns.courses,
        patterns.course,
        patterns.lesson,
        patterns.tutorials,
        patterns.tutorial,
        patterns.blogs,
        patterns.blog,
        patterns.contact,
        patterns.bugs,
        patterns.exercise,
        patterns.quiz,
        patterns.certificate,
        patterns.profile,
        patterns.notFound,
      ].sort(),
    );
  });

  it('declares each page beside the module its route line loads', async () => {
    for (const page of renderedPages.values()) {
      const route = appRoutes.find((entry) => entry.path === page.pattern);
      expect(route, page.pattern).toBeDefined();
      const module = (await import(/* @vite-ignore */ `/${page.source}`)) as { default: unknown };
      expect((await route?.page())?.default, page.source).toBe(module.default);
    }
  });

  it('names every lazy part a page preloads by a file that exists', async () => {
    for (const page of renderedPages.values())
      for (const source of page.drawnLazily ?? [])
        await expect(import(/* @vite-ignore */ `/${source}`)).resolves.toBeDefined();
  });
});
