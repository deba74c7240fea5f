import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { blogs, courses, tutorials } from './index';

const publicDir = new URL('../../../../../public/', import.meta.url);

/** Resolves a `/media/...` URL to a file under `public/`. */
function mediaFile(url: string): string {
  return fileURLToPath(new URL(url.replace(/^\//, ''), publicDir));
}

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr']);

/** Returns a list of problems (empty when the HTML fragment is balanced and safe). */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  if (/<script\b/i.test(html)) problems.push('contains <script>');
  if (/<[^>]*\son\w+\s*=/i.test(html)) problems.push('contains an inline event handler');
  if (/<[^>]*\sstyle\s*=/i.test(html)) problems.push('contains a style attribute');
  if (/(?:href|src)\s*=\s*["']?\s*javascript:/i.test(html)) problems.push('contains a javascript: URL');

  // Code blocks must be HTML-escaped: no raw angle brackets inside <code>.
  for (const m of html.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)) {
    if (/[<>]/.test(m[1] ?? '')) problems.push(`unescaped code: ${(m[1] ?? '').slice(0, 40)}`);
  }
  // Bare ampersands must be entities.
  for (const m of html.matchAll(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi)) {
    problems.push(`bare ampersand at ${m.index}`);
  }

  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, rawName, selfClosing] = m;
    const name = (rawName ?? '').toLowerCase();
    if (VOID_ELEMENTS.has(name) || selfClosing) continue;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      stack.push(name);
    }
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('seed content: courses', () => {
  it('has at least 6 courses, each with 3-8 lessons', () => {
    expect(courses.length).toBeGreaterThanOrEqual(6);
    for (const course of courses) {
      expect(course.lessons.length, course.title).toBeGreaterThanOrEqual(3);
      expect(course.lessons.length, course.title).toBeLessThanOrEqual(8);
    }
  });

  it('keeps React last (the home page shows the last three courses)', () => {
    expect(courses.at(-1)?.title).toMatch(/React/);
  });

  it('has unique course titles and unique lesson titles within a course', () => {
    const titles = courses.map((c) => c.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const course of courses) {
      const lessonTitles = course.lessons.map((l) => l.title);
      expect(new Set(lessonTitles).size, course.title).toBe(lessonTitles.length);
    }
  });

  it('has descriptions whose plain text makes a useful excerpt', () => {
    for (const course of courses) {
      expect(stripTags(course.description).length, course.title).toBeGreaterThan(90);
      for (const lesson of course.lessons) {
        expect(stripTags(lesson.description).length, lesson.title).toBeGreaterThan(50);
      }
    }
  });
});

describe('seed content: tutorials', () => {
  it('has at least 6 tutorials with code examples and an image', () => {
    expect(tutorials.length).toBeGreaterThanOrEqual(6);
    for (const tutorial of tutorials) {
      expect(tutorial.content, tutorial.title).toContain('<pre><code');
      expect(tutorial.content, tutorial.title).toMatch(/<h2>/);
      expect(tutorial.content, tutorial.title).toMatch(
        /<img src="\/media\/tutorials\/[\w-]+\.svg" alt="[^"]+" width="640" height="360">/,
      );
    }
  });

  it('has unique titles', () => {
    const titles = tutorials.map((t) => t.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('seed content: blogs', () => {
  it('has at least 10 posts with valid, distinct 2023 dates', () => {
    expect(blogs.length).toBeGreaterThanOrEqual(10);
    const dates = blogs.map((b) => b.date);
    for (const date of dates) {
      expect(date).toMatch(/^2023-\d{2}-\d{2}$/);
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    }
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('has unique titles and enough text for a 120-char excerpt', () => {
    const titles = blogs.map((b) => b.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const blog of blogs) {
      expect(stripTags(blog.content).length, blog.title).toBeGreaterThan(120);
      const paragraphs = blog.content.match(/<p>/g)?.length ?? 0;
      expect(paragraphs, blog.title).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('seed content: HTML and media', () => {
  const htmlFields: Array<[string, string]> = [
    ...courses.flatMap((c): Array<[string, string]> => [
      [c.title, c.description],
      ...c.lessons.map((l): [string, string] => [`${c.title} / ${l.title}`, l.description]),
    ]),
    ...tutorials.map((t): [string, string] => [t.title, t.content]),
    ...blogs.map((b): [string, string] => [b.title, b.content]),
  ];

  it('contains only well-formed, safe HTML with escaped code', () => {
    for (const [label, html] of htmlFields) {
      expect(htmlProblems(html), label).toEqual([]);
    }
  });

  it('references only media files that exist under public/', () => {
    const urls = new Set<string>([
      ...courses.map((c) => c.cover),
      ...courses.flatMap((c) => c.lessons.map((l) => l.link)),
      ...courses.flatMap((c) => c.lessons.flatMap((l) => (l.captions ? [l.captions] : []))),
      ...tutorials.map((t) => t.image),
    ]);
    for (const [, html] of htmlFields) {
      for (const m of html.matchAll(/(?:src|href)="(\/media\/[^"]+)"/g)) urls.add(m[1] ?? '');
    }
    for (const url of urls) {
      expect(url).toMatch(/^\/media\//);
      expect(existsSync(mediaFile(url)), url).toBe(true);
    }
  });

  it('gives each lesson its own small narrated WebM clip (<= 400 KB) with WebVTT captions', () => {
    const lessons = courses.flatMap((c) => c.lessons);
    const videos = new Set(lessons.map((l) => l.link));
    expect(videos.size).toBe(lessons.length);
    for (const lesson of lessons) {
      expect(lesson.captions, lesson.title).toMatch(/^\/media\/lessons\/[\w-]+\.vtt$/);
      expect(readFileSync(mediaFile(lesson.captions ?? '')).toString('utf8'), lesson.title).toMatch(
        /^WEBVTT\n\n1\n00:00:00\.000 --> /,
      );
    }
    for (const url of videos) {
      expect(url).toMatch(/^\/media\/lessons\/[\w-]+\.webm$/);
      const file = mediaFile(url);
      expect(statSync(file).size, url).toBeLessThanOrEqual(400 * 1024);
      // Every WebM/Matroska file starts with the EBML magic number.
      expect(readFileSync(file).subarray(0, 4).toString('hex'), url).toBe('1a45dfa3');
    }
  });

  it('uses small SVG images', () => {
    const images = [...courses.map((c) => c.cover), ...tutorials.map((t) => t.image)];
    for (const url of images) {
      const file = mediaFile(url);
      expect(statSync(file).size, url).toBeLessThan(4096);
      expect(readFileSync(file, 'utf8'), url).toMatch(/^<svg [^>]*viewBox="0 0 640 360"/);
    }
  });
});
