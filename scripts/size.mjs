// Prints what the home page loads, gzip-compressed (level 9), against the budget: JS ≤ 90 KB (issue 10 tightened
// DESIGN §6's 100 KB) and CSS ≤ 20 KB. Reads dist/web (run `npm run build` first). Always exits 0: it reports.
//   1. first load: index.html's inline scripts, the module script, modulepreload links and stylesheets it names,
//      plus the static imports of the entry found in the Vite manifest;
//   2. the home page as shown: (1) plus the lazily loaded home route chunk and its static imports and CSS.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist', 'web');
const BUDGET = { js: 90 * 1024, css: 20 * 1024 };
const HOME_ROUTE = 'src/web/features/home/home-page.tsx';

const indexPath = path.join(webDir, 'index.html');
if (!fs.existsSync(indexPath)) {
  console.log('dist/web/index.html not found: run `npm run build` first.');
  process.exit(0);
}
const html = fs.readFileSync(indexPath, 'utf8');
const manifestPath = path.join(webDir, '.vite', 'manifest.json');
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
const initial = [];
for (const tag of tags) {
  if (/^<script/i.test(tag) && /type\s*=\s*["']module["']/i.test(tag) && attr(tag, 'src'))
    initial.push(attr(tag, 'src'));
  if (/^<link/i.test(tag) && /rel\s*=\s*["'](modulepreload|stylesheet)["']/i.test(tag) && attr(tag, 'href'))
    initial.push(attr(tag, 'href'));
}

// index.html's inline scripts (the theme, and a rendered page's starter) come with every page too.
const inlineJs = (html.match(/<script>([\s\S]*?)<\/script>/gi) ?? []).join('');

const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

/** A chunk's file, CSS and static imports, depth first. */
function collect(chunk, into) {
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const key of chunk.imports ?? []) collect(manifest[key], into);
}

const firstLoad = new Set();
for (const ref of initial) {
  const file = ref.replace(/^\//, '');
  firstLoad.add(file);
  collect(byFile.get(file), firstLoad);
}
const homeRoute = new Set();
if (manifest[HOME_ROUTE]) {
  const seen = new Set(firstLoad);
  collect(manifest[HOME_ROUTE], seen);
  for (const file of seen) if (!firstLoad.has(file)) homeRoute.add(file);
}

function measure(file) {
  const full = path.join(webDir, file);
  if (!fs.existsSync(full)) return { file, kind: '?', raw: 0, gzip: 0 };
  const bytes = fs.readFileSync(full);
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const inlineBytes = Buffer.from(inlineJs);
const rows = [
  {
    file: 'index.html inline scripts',
    kind: 'js',
    raw: inlineBytes.length,
    gzip: gzipSync(inlineBytes, { level: 9 }).length,
    group: 'first load',
  },
  ...[...firstLoad].map((f) => ({ ...measure(f), group: 'first load' })),
  ...[...homeRoute].map((f) => ({ ...measure(f), group: 'home route' })),
];

console.log(
  `${'group'.padEnd(11)} ${'kind'.padEnd(4)} ${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`,
);
for (const row of rows)
  console.log(
    `${row.group.padEnd(11)} ${row.kind.padEnd(4)} ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`,
  );

function totals(label, list) {
  const js = list.filter((r) => r.kind === 'js').reduce((s, r) => s + r.gzip, 0);
  const css = list.filter((r) => r.kind === 'css').reduce((s, r) => s + r.gzip, 0);
  const verdict = (n, max) => (n <= max ? 'ok' : 'OVER');
  console.log(
    `${label.padEnd(36)} JS ${kb(js).padStart(9)} / ${kb(BUDGET.js)} ${verdict(js, BUDGET.js).padEnd(4)}   CSS ${kb(css).padStart(8)} / ${kb(BUDGET.css)} ${verdict(css, BUDGET.css)}`,
  );
}
console.log('');
totals(
  'first load (index.html + imports)',
  rows.filter((r) => r.group === 'first load'),
);
totals('home page incl. its route chunk', rows);
