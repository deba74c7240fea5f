// Code highlighting figures (decision 0017): what one code block costs the server to highlight, cold
// (the first block of its language in the process: grammar imported and its patterns compiled), warm (grammar
// ready, not in the cache) and cached (a content-hash hit), per language; and the process's memory with the
// grammars loaded. Writes the "Code highlighting" section of docs/performance.md.
//   npm run bench:highlight
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { highlightCache, highlightCode } from '../src/server/lib/highlight';
import { measuredOn, writeSection } from './lib/performance-doc';

const WARM_RUNS = Number(process.env.RUNS ?? 50);
const CACHED_RUNS = 1_000;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A dozen lines or so per language: the size of a code block in a lesson or a post.
const SNIPPETS: Record<string, string> = {
  js: `import { readFile } from 'node:fs/promises';

// Counts the words of a file, ignoring case.
export async function wordCounts(path) {
  const text = await readFile(path, 'utf8');
  const counts = new Map();
  for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10);
}`,
  ts: `interface Lesson {
  id: string;
  title: string;
  duration: number; // seconds
}

export function totalMinutes(lessons: readonly Lesson[]): number {
  const seconds = lessons.reduce((sum, lesson) => sum + lesson.duration, 0);
  return Math.round(seconds / 60);
}

export const longest = (lessons: Lesson[]) => lessons.toSorted((a, b) => b.duration - a.duration)[0];`,
  python: `from collections import Counter
import re


def word_counts(path: str, top: int = 10) -> list[tuple[str, int]]:
    """Counts the words of a file, ignoring case."""
    with open(path, encoding="utf-8") as f:
        words = re.findall(r"[a-z']+", f.read().lower())
    return Counter(words).most_common(top)


if __name__ == "__main__":
    print(word_counts("README.md"))`,
  bash: `#!/usr/bin/env bash
set -euo pipefail

# Build, test and tag a release.
version="$(node -p "require('./package.json').version")"
npm ci
npm test
if git rev-parse "v$version" >/dev/null 2>&1; then
  echo "v$version exists" >&2
  exit 1
fi
git tag -a "v$version" -m "Release $version" && git push --tags`,
  html: `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Shopping list</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <h1>Shopping list</h1>
    <ul class="list">
      <li>Milk</li>
      <li><a href="https://example.com/bread">Bread</a></li>
    </ul>
  </body>
</html>`,
  css: `.gallery {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 1rem;
}

.gallery img {
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: 8px;
}

@media (max-width: 600px) {
  .gallery { gap: 0.5rem; }
}`,
  sql: `-- Courses with their lesson count and total minutes, newest first.
SELECT c.id,
       c.title,
       count(l.id) AS lessons,
       coalesce(sum(l.duration), 0) / 60 AS minutes
FROM courses c
LEFT JOIN lessons l ON l.course_id = c.id
WHERE c.status = 'published'
GROUP BY c.id, c.title
ORDER BY c.created_at DESC
LIMIT 20;`,
  json: `{
  "name": "devcourses",
  "private": true,
  "version": "0.1.0",
  "type": "module",
  "engines": { "node": ">=20.19" },
  "scripts": {
    "dev": "node scripts/dev.mjs",
    "test": "node scripts/test.mjs"
  },
  "dependencies": { "fastify": "5.12.8", "shiki": "4.6.0" }
}`,
};

const block = (lang: string, code: string) => `<pre><code class="language-${lang}">${escape(code)}</code></pre>`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const memBefore = process.memoryUsage();
  const rows: string[] = [];
  for (const [lang, code] of Object.entries(SNIPPETS)) {
    const html = block(lang, code);
    const cold = await timed(() => highlightCode(html));
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      highlightCache.clear();
      warm.push(await timed(() => highlightCode(html)));
    }
    const cachedStart = performance.now();
    for (let i = 0; i < CACHED_RUNS; i++) await highlightCode(html);
    const cached = (performance.now() - cachedStart) / CACHED_RUNS;
    const lines = code.split('\n').length;
    rows.push(
      `| ${lang} | ${lines} | ${cold.toFixed(0)} | ${median(warm).toFixed(2)} | ${(cached * 1000).toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  }
  global.gc?.();
  const memAfter = process.memoryUsage();
  const prose = `<p>${'A paragraph of prose without code. '.repeat(40)}</p>`.repeat(5);
  const proseRuns = 10_000;
  const proseStart = performance.now();
  for (let i = 0; i < proseRuns; i++) await highlightCode(prose);
  const proseUs = ((performance.now() - proseStart) / proseRuns) * 1000;

  const body = [
    ...measuredOn('`npm run bench:highlight`', loadBefore),
    '',
    'One code block of each language through `highlightCode` (Shiki 4.6, JavaScript regex engine, CSS-variables',
    "theme mapped to classes). Cold: the process's first block of that language (the first row also creates the",
    `highlighter). Warm: median of ${WARM_RUNS} runs with the grammar ready and the cache emptied before each. Cached:`,
    `mean of ${CACHED_RUNS} runs answered from the content-hash cache (hash of language and code).`,
    '',
    '| language | lines | cold (ms) | warm, not cached (ms) | cached (µs) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `HTML without a code block costs ${proseUs.toFixed(1)} µs (a substring check; ${(prose.length / 1024).toFixed(0)} KB of prose).`,
    `Memory with these ${Object.keys(SNIPPETS).length} languages loaded (html brings its embedded css and javascript): RSS`,
    `${mb(memBefore.rss)} → ${mb(memAfter.rss)} MB, heap used ${mb(memBefore.heapUsed)} → ${mb(memAfter.heapUsed)} MB.`,
    'Reads of catalogue content are kept by the read cache (decision 0004), so a page pays the highlighting once per',
    'process and content change; user content (comments, bugs, solutions) pays the cached cost per block per read.',
  ].join('\n');
  console.log(`\n${body}\n`);
  writeSection('Code highlighting', body);
}

await main();
