// Syntax highlighting of the code blocks in stored (already sanitized) HTML, on the server, with Shiki: each
// `<pre><code>` block's text becomes spans with a fixed set of class names (`hl-keyword`, `hl-string`, …) whose
// colours live in the stylesheet, per theme. Results are cached by a hash of (language, code), bounded.
// Why this way: docs/decisions/0017-server-side-highlighting.md.
import { createHash } from 'node:crypto';
import type { HighlighterCore, LanguageRegistration } from 'shiki/core';
import { HIGHLIGHT_TOKEN_KINDS } from '../../shared/code-highlight';

type Grammar = () => Promise<{ default: LanguageRegistration[] }>;

// The languages a code block can be highlighted in: a fine-grained set (the full bundle holds 200+ grammars).
// A grammar is imported and compiled the first time a block needs it, so an unused one costs nothing.
const GRAMMARS = {
  javascript: () => import('shiki/langs/javascript.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
} satisfies Record<string, Grammar>;

export type HighlightLanguage = keyof typeof GRAMMARS;
const isLanguage = (name: string): name is HighlightLanguage => Object.hasOwn(GRAMMARS, name);

// What authors write after `language-` (the editors' and Markdown's usual names) mapped to a grammar.
const ALIASES: Record<string, HighlightLanguage> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  jsonc: 'json',
  json5: 'json',
  htm: 'html',
  xhtml: 'html',
  svg: 'xml',
  sass: 'scss',
  py: 'python',
  python3: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
  h: 'c',
  'c++': 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  golang: 'go',
  rs: 'rust',
  rb: 'ruby',
  kt: 'kotlin',
  yml: 'yaml',
  patch: 'diff',
  docker: 'dockerfile',
};

/** The grammar a `language-x` name asks for; null for a name this site does not highlight (shown as plain text). */
export function languageFromName(name: string): HighlightLanguage | null {
  const key = name.toLowerCase();
  if (isLanguage(key)) return key;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : null;
}

const GUESS_CHARS = 4_000;

const SHELL_COMMANDS =
  /^\s*(?:\$ |sudo |npm |npx |pnpm |yarn |git |cd |ls\b|mkdir |rm |cp |mv |curl |wget |apt(?:-get)? |brew |pip3? |docker |export \w+=|echo |chmod |ssh )/;

/**
 * A cheap guess at a block's language when it names none: a few unmistakable signs per language, checked from the
 * most to the least specific. No sign: null, and the block stays plain text (a wrong colour scheme reads worse
 * than none).
 */
export function guessLanguage(code: string): HighlightLanguage | null {
  // The signs are looked for near the top: the guess is as good, and its cost bounded whatever the block's length.
  const text = code.trim().slice(0, GUESS_CHARS);
  if (!text) return null;
  const firstLine = text.split('\n', 1)[0];
  if (firstLine.startsWith('#!')) {
    if (/\b(?:ba|z|da)?sh\b/.test(firstLine)) return 'shellscript';
    if (/\bpython/.test(firstLine)) return 'python';
    if (/\b(?:node|deno|bun)\b/.test(firstLine)) return 'javascript';
    return null;
  }
  if (/^[[{]/.test(text)) {
    try {
      JSON.parse(code);
      return 'json';
    } catch {
      // not JSON: keep looking (a JS object literal, a CSS rule …)
    }
  }
  if (text.startsWith('<?php')) return 'php';
  if (text.startsWith('<?xml')) return 'xml';
  if (
    /^<(?:!doctype\s+html|html|head|body|div|p|a|ul|ol|li|span|section|main|form|button|table|template)\b/i.test(text)
  )
    return 'html';
  if (
    /^\s*(?:SELECT\s[\s\S]*?\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(?:TABLE|INDEX|VIEW|UNIQUE\s+INDEX)\s|ALTER\s+TABLE\s|WITH\s+\w+\s+AS\s*\()/im.test(
      text,
    )
  )
    return 'sql';
  if (SHELL_COMMANDS.test(firstLine)) return 'shellscript';
  if (
    /^\s*(?:def \w+\(.*\)(?:\s*->.*)?:\s*$|class \w+(?:\(.*\))?:\s*$|from [\w.]+ import \w|import [\w.]+(?: as \w+)?\s*$|if __name__ ==|elif .*:\s*$)/m.test(
      text,
    )
  )
    return 'python';
  const script =
    /\b(?:const|let|var|function|return|async|await|import|export|class|new)\b|=>|console\.\w+\(|document\.|require\(/.test(
      text,
    );
  if (
    script &&
    /\binterface \w+|\btype \w+(?:<[^>]*>)?\s*=|[\w)]\s*:\s*(?:string|number|boolean|void|unknown|any|never)\b|\bas const\b|\bimplements \w/.test(
      text,
    )
  )
    return 'typescript';
  if (script) return 'javascript';
  // Rules of `property: value;` declarations (the last `;` optional). Each part has one way to match, so a text
  // that is almost CSS fails in linear time.
  if (/^(?:[^{};]+\{(?:\s*[-\w]+\s*:[^;{}]*;)*(?:\s*[-\w]+\s*:[^;{}]*)?\s*\}\s*)+$/.test(text) && text.includes(':'))
    return 'css';
  return null;
}

// The token kinds of Shiki's CSS-variables theme; each becomes a class whose colours the stylesheet sets per theme
// (src/web/components/rich-html.css, `--hl-*`). Plain text (the theme's foreground) gets no span.
const TOKEN_KIND = new Set<string>(HIGHLIGHT_TOKEN_KINDS);
const THEME = 'devcourses';

// Lines longer than this are left uncoloured (minified code): tokenizing them costs much and shows little.
const MAX_LINE_LENGTH = 2_000;
// Shiki's own default: past this, the rest of a line stays uncoloured, so no line holds the process longer.
const LINE_TIME_LIMIT_MS = 500;

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<HighlightLanguage, Promise<void>>();

// Shiki itself is imported on the first code block too (≈ 10 MB and up to 0.2 s here), not at start-up.
async function createHighlighter(): Promise<HighlighterCore> {
  const [{ createCssVariablesTheme, createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
  ]);
  return createHighlighterCore({
    themes: [createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: false })],
    langs: [],
    // Shiki's JavaScript engine: Oniguruma patterns compiled to native RegExp, no WebAssembly to load.
    // `forgiving` leaves a pattern this engine cannot translate unmatched instead of failing the grammar.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
}

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighter();
  highlighter.catch(() => (highlighter = undefined));
  return highlighter;
}

async function ready(language: HighlightLanguage): Promise<HighlighterCore> {
  const hl = await getHighlighter();
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = GRAMMARS[language]().then((grammar) => hl.loadLanguage(grammar.default));
    loading.set(language, loaded);
    loaded.catch(() => loading.delete(language));
  }
  await loaded;
  return hl;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// sanitize-html writes text with these entities (and numeric ones for what it cannot write raw); code text is read
// back exactly as the reader sees it.
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeText(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const point = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return point > 0 && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff)
      ? String.fromCodePoint(point)
      : '\ufffd';
  });
}

/** The block's markup: its text as tokens with class names, every piece of text escaped here. */
function render(hl: HighlighterCore, code: string, language: HighlightLanguage): string {
  const { tokens } = hl.codeToTokens(code, {
    lang: language,
    theme: THEME,
    tokenizeMaxLineLength: MAX_LINE_LENGTH,
    tokenizeTimeLimit: LINE_TIME_LIMIT_MS,
  });
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0) out += '\n';
    let kind = '';
    let run = '';
    const flush = () => {
      if (run) out += kind ? `<span class="hl-${kind}">${escapeText(run)}</span>` : escapeText(run);
      run = '';
    };
    for (const token of tokens[i]) {
      const named = /^var\(--shiki-token-([a-z-]+)\)$/.exec(token.color ?? '')?.[1] ?? '';
      // Whitespace keeps the current run: fewer spans, same colours.
      const next = TOKEN_KIND.has(named) && token.content.trim() ? named : /^\s*$/.test(token.content) ? kind : '';
      if (next !== kind) {
        flush();
        kind = next;
      }
      run += token.content;
    }
    flush();
  }
  return `<pre><code class="language-${language}">${out}</code></pre>`;
}

const plain = (code: string) => `<pre><code>${escapeText(code)}</code></pre>`;

/** Highlighted blocks by hash of (language, code): the same snippet on many pages, or read again, costs a lookup.
 *  Bounded by the characters it holds (least recently used go first). */
export class HighlightCache {
  private readonly entries = new Map<string, string>();
  private size = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  static key(language: string, code: string): string {
    return createHash('sha256').update(language).update('\0').update(code).digest('base64url');
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxChars) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.size -= old.length;
    }
    this.entries.set(key, value);
    this.size += value.length;
    for (const [oldest, kept] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= kept.length;
    }
  }

  get count(): number {
    return this.entries.size;
  }

  get chars(): number {
    return this.size;
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }
}

export const highlightCache = new HighlightCache();

// A code block: `<pre>` around one `<code>` holding only text, as the sanitizers write one (`<pre>` bare, `<code>`
// perhaps with a class). A matched block is rebuilt from its text, so none of its attributes reach the output; a
// block holding other markup is left as stored (sanitized, uncoloured).
const CODE_BLOCK = /<pre(?:\s[^<>]*)?><code(\s[^<>]*)?>([^<]*)<\/code><\/pre>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/;
const LANGUAGE_CLASS = /(?:^|\s)language-([a-z0-9_+#-]{1,30})(?=\s|$)/i;

/** One block: its language from the class or a guess, its markup from the cache or Shiki. */
async function highlightBlock(attributes: string | undefined, escapedCode: string): Promise<string> {
  const code = decodeText(escapedCode);
  const className = attributes ? CLASS_ATTRIBUTE.exec(attributes)?.[1] : undefined;
  const named = className ? LANGUAGE_CLASS.exec(className)?.[1] : undefined;
  const language = named ? languageFromName(named) : guessLanguage(code);
  if (!language) return plain(code);
  const key = HighlightCache.key(language, code);
  const hit = highlightCache.get(key);
  if (hit !== undefined) return hit;
  const hl = await ready(language);
  const started = performance.now();
  let html = render(hl, code, language);
  // Shiki stops colouring a line that takes longer than its time limit; a grammar's first use compiles its
  // patterns on the way and can be that slow. Such a pass is done again, warm, so a truncated first result is
  // never what gets cached.
  if (performance.now() - started > LINE_TIME_LIMIT_MS / 2) html = render(hl, code, language);
  highlightCache.set(key, html);
  return html;
}

/**
 * Stored HTML with each code block's text replaced by highlighted tokens. Runs on sanitized HTML when it is read
 * (decision 0003: what is stored is what was checked); the markup it writes is `pre`, `code.language-<known id>`
 * and `span.hl-<kind>` around escaped text, whatever the input held. HTML without a code block is returned as is.
 */
export async function highlightCode(html: string): Promise<string> {
  if (!html.includes('<pre')) return html;
  const blocks = [...html.matchAll(CODE_BLOCK)];
  if (blocks.length === 0) return html;
  const rendered = await Promise.all(blocks.map((m) => highlightBlock(m[1], m[2])));
  let out = '';
  let at = 0;
  blocks.forEach((m, i) => {
    out += html.slice(at, m.index) + rendered[i];
    at = m.index + m[0].length;
  });
  return out + html.slice(at);
}
