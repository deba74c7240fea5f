import { Window } from 'happy-dom';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { guessLanguage, HighlightCache, highlightCache, highlightCode, languageFromName } from './highlight';
import { HIGHLIGHT_TOKEN_KINDS as TOKEN_KINDS } from '../../shared/code-highlight';
import { defined } from '../test/defined';
import { sanitizeAuthoredHtml, sanitizeRichText } from './sanitize';
import { XSS_VECTORS } from './xss-vectors';

// Output is checked by parsing it as a browser would (happy-dom), not by pattern alone.
const window = new Window();
afterAll(() => window.happyDOM.close());

function parse(html: string) {
  const container = window.document.createElement('div');
  container.innerHTML = html;
  return container;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const block = (code: string, className?: string) =>
  `<pre><code${className ? ` class="${className}"` : ''}>${escape(code)}</code></pre>`;

const TOKEN_CLASS = new RegExp(`^hl-(?:${TOKEN_KINDS.join('|')})$`);
const LANGUAGE_CLASS = /^language-[a-z]+$/;

/** Every way highlighted markup could differ from `pre > code > span.hl-*` around text. */
function markupProblems(html: string): string[] {
  const found: string[] = [];
  for (const el of parse(html).querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!['pre', 'code', 'span'].includes(tag)) found.push(`element <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const value = attr.value ?? '';
      if (attr.name !== 'class') found.push(`attribute ${attr.name} on <${tag}>`);
      else if (tag === 'span' && !TOKEN_CLASS.test(value)) found.push(`span class ${value}`);
      else if (tag === 'code' && !LANGUAGE_CLASS.test(value)) found.push(`code class ${value}`);
      else if (tag === 'pre') found.push(`pre class ${value}`);
    }
  }
  return found;
}

const SAMPLES: Record<string, { code: string; expect: string[] }> = {
  js: { code: 'const answer = 42; // the answer\nfunction twice(n) { return n * 2; }', expect: ['keyword', 'comment'] },
  ts: {
    code: 'interface User { name: string }\nconst u: User = { name: "Ada" };',
    expect: ['keyword', 'string-expression'],
  },
  python: { code: 'def greet(name):\n    return f"hi {name}"  # greet', expect: ['keyword', 'comment', 'parameter'] },
  bash: { code: 'npm install --save-exact shiki && echo "$HOME" # done', expect: ['function', 'comment'] },
  html: { code: '<a href="/x" class="btn">Go &amp; see</a>', expect: ['string-expression', 'function'] },
  css: { code: '.card > a:hover { color: #c00; margin: 0 auto; }', expect: ['constant', 'function'] },
  sql: { code: "SELECT id, title FROM courses WHERE status = 'published' LIMIT 10;", expect: ['keyword', 'constant'] },
  json: { code: '{"name": "devcourses", "private": true, "n": [1, 2]}', expect: ['keyword', 'constant'] },
};

describe('highlightCode', () => {
  it.each(Object.entries(SAMPLES))('colours %s by its language-x class, keeping the text exactly', async (lang, s) => {
    const html = await highlightCode(`<p>Before</p>${block(s.code, `language-${lang}`)}<p>After</p>`);
    const root = parse(html);
    const code = defined(root.querySelector('pre > code'), 'a code block');
    expect(code.className).toBe(`language-${languageFromName(lang)}`);
    expect(code.textContent).toBe(s.code);
    const kinds = new Set(Array.from(code.querySelectorAll('span')).map((span) => span.className.slice(3)));
    for (const kind of s.expect) expect(kinds, `${lang}: ${html}`).toContain(kind);
    expect(root.querySelectorAll('p').length).toBe(2);
    expect(markupProblems(defined(root.querySelector('pre'), 'a pre').outerHTML)).toEqual([]);
  });

  it('leaves an unknown language, `language-text` and unguessable code as plain, escaped text', async () => {
    for (const html of [
      block('++++[>++<-]>.', 'language-brainfuck'),
      block('const x = 1 < 2', 'language-text'),
      block('Hello <world> & friends'),
    ]) {
      const out = await highlightCode(html);
      expect(out).not.toContain('<span');
      expect(out).not.toContain('class=');
      expect(defined(parse(out).querySelector('code'), 'a code element').textContent).toBe(
        defined(parse(html).querySelector('code'), 'a code element').textContent,
      );
    }
  });

  it('guesses the language of a block without a class, or leaves it plain', async () => {
    const out = await highlightCode(block('def area(r):\n    return 3.14 * r * r'));
    expect(defined(parse(out).querySelector('code'), 'a code element').className).toBe('language-python');
    expect(out).toContain('hl-keyword');
  });

  it('returns HTML without a code block unchanged, and leaves a block holding markup as stored', async () => {
    const prose = '<p>No <code>code</code> blocks here</p>';
    expect(await highlightCode(prose)).toBe(prose);
    const marked = '<pre><code class="language-js">a <strong>b</strong></code></pre>';
    expect(await highlightCode(marked)).toBe(marked);
  });

  it('reads entities as the text they stand for and writes that text escaped', async () => {
    const html =
      '<pre><code class="language-js">const s = "&lt;/code&gt;&amp;lt;" + \'&#39;\' + "&#x1F600;";</code></pre>';
    const out = await highlightCode(html);
    expect(defined(parse(out).querySelector('code'), 'a code element').textContent).toBe(
      `const s = "</code>&lt;" + ''' + "😀";`,
    );
    expect(out).not.toContain('</code>&');
  });

  it('highlights several blocks in one document, each in its own language', async () => {
    const html = block('SELECT 1 FROM t', 'language-sql') + '<p>and</p>' + block('print("x")', 'language-py');
    const codes = parse(await highlightCode(html)).querySelectorAll('code');
    expect(Array.from(codes).map((c) => c.className)).toEqual(['language-sql', 'language-python']);
  });

  it('leaves a very long line uncoloured but whole', async () => {
    const long = `const a = [${'1, '.repeat(1500)}];`;
    const out = await highlightCode(block(long, 'language-js'));
    expect(defined(parse(out).querySelector('code'), 'a code element').textContent).toBe(long);
  });
});

describe('guessLanguage', () => {
  it.each([
    ['#!/usr/bin/env bash\necho hi', 'shellscript'],
    ['$ git status --short', 'shellscript'],
    ['npm run build', 'shellscript'],
    ['{"a": 1}', 'json'],
    ['<!DOCTYPE html>\n<html></html>', 'html'],
    ['<div class="x">hi</div>', 'html'],
    ['SELECT name FROM users WHERE id = 1', 'sql'],
    ['import os\nprint(os.getcwd())', 'python'],
    ['from flask import Flask', 'python'],
    ['type Id = string;\nexport const id: Id = "x";', 'typescript'],
    ['const add = (a, b) => a + b;', 'javascript'],
    ['console.log("hi")', 'javascript'],
    ['body { margin: 0; color: red; }', 'css'],
    ['.a,\n.b > p { color: red }\n.c { }', 'css'],
    ['Note { see below }', null],
    ['.card {\n  display: grid;\n  gap: 1rem;\n}\n.card img { width: 100% }', 'css'],
  ])('%j is %s', (code, language) => {
    expect(guessLanguage(code)).toBe(language);
  });

  it('answers at once for text built to make a pattern backtrack', () => {
    const started = performance.now();
    for (const code of [
      `a{${'b:c d:e '.repeat(3_000)}`,
      `SELECT x\n`.repeat(3_000),
      `def f(${')'.repeat(20_000)}`,
      `${'\n'.repeat(10_000)}x`,
      `x { ${'a: b; '.repeat(3_000)}`,
    ])
      guessLanguage(code);
    // A generous bound: backtracking on these would take seconds to minutes.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each(['', 'Hello world', 'TypeError: Cannot read properties of undefined', '1 + 1 = 2'])(
    '%j is plain text',
    (code) => expect(guessLanguage(code)).toBeNull(),
  );
});

// What either sanitizer lets through (user and authored lists), plus the highlighter's span.
// prettier-ignore
const STORED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3',
  'h4', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];

describe('highlighting never reopens an XSS hole', () => {
  // Each vector as a reader could store it: typed into a code block (text), or raw HTML inside a block or as its
  // language. Sanitized as on write (user and authored lists), then highlighted as on read.
  const asText = XSS_VECTORS.map((v, i) => [i, v] as const);

  it.each(asText)('vector %i typed into a code block stays that text: %s', async (_i, vector) => {
    for (const lang of ['js', 'html', 'bash', undefined]) {
      const stored = sanitizeRichText(block(vector, lang && `language-${lang}`));
      const out = await highlightCode(stored);
      expect(markupProblems(out)).toEqual([]);
      expect(defined(parse(out).querySelector('code'), 'a code element').textContent).toBe(
        defined(parse(stored).querySelector('code'), 'a code element').textContent,
      );
      expect(out).not.toMatch(/<(?!\/?(?:pre|code|span)\b)/i);
    }
  });

  it.each(asText)('vector %i as raw HTML in a block or a language class stays inert: %s', async (_i, vector) => {
    const inputs = [
      `<pre><code>${vector}</code></pre>`,
      `<pre><code class="language-${vector}">x</code></pre>`,
      `<pre><code class="language-js ${vector}">y</code></pre>`,
    ];
    for (const input of inputs)
      for (const sanitize of [sanitizeRichText, sanitizeAuthoredHtml]) {
        const out = await highlightCode(sanitize(input));
        const root = parse(out);
        for (const el of root.querySelectorAll('*')) {
          expect(STORED_TAGS).toContain(el.tagName.toLowerCase());
          for (const attr of Array.from(el.attributes)) {
            expect(attr.name).not.toMatch(/^on|^style$|^src$/i);
            expect(attr.value).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
          }
        }
      }
  });

  it('a hostile class that reached the store (say, before a sanitizer change) never reaches the output', async () => {
    const stored = [
      '<pre><code class="language-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</code></pre>',
      '<pre><code class="language-js&quot; onmouseover=&quot;alert(1)">x</code></pre>',
      '<pre><code class="x" onclick="alert(1)">y</code></pre>',
    ];
    for (const html of stored) {
      const out = await highlightCode(html);
      expect(out).not.toMatch(/script|onmouseover|alert\(1\)"/i);
    }
    // Matched blocks are rebuilt from their text: nothing of the stored attributes is echoed.
    expect(await highlightCode(stored[0])).toBe('<pre><code>x</code></pre>');
    expect(await highlightCode(stored[2])).toBe('<pre><code>y</code></pre>');
  });
});

describe('the highlight cache', () => {
  beforeEach(() => highlightCache.clear());

  it('answers the same block again from the cache, keyed by its content hash', async () => {
    const html = block('let cached = true;', 'language-js');
    const before = { hits: highlightCache.hits, misses: highlightCache.misses };
    const first = await highlightCode(html);
    expect(highlightCache.misses).toBe(before.misses + 1);
    expect(await highlightCode(`<p>elsewhere</p>${html}`)).toBe(`<p>elsewhere</p>${first}`);
    expect(highlightCache.hits).toBe(before.hits + 1);
    expect(highlightCache.count).toBe(1);
  });

  it('keys by language too: the same text in two languages is two entries', async () => {
    await highlightCode(block('x = 1', 'language-python') + block('x = 1', 'language-js'));
    expect(highlightCache.count).toBe(2);
  });

  it('holds at most its character budget, dropping the least recently used first', () => {
    const cache = new HighlightCache(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'y'.repeat(40));
    cache.get('a');
    cache.set('c', 'z'.repeat(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.chars).toBeLessThanOrEqual(100);
    cache.set('huge', 'h'.repeat(101));
    expect(cache.get('huge')).toBeUndefined();
  });
});
