// index.html's inline scripts (the theme before the first paint, a rendered page's starter) are TypeScript modules,
// each named by an empty `<script data-inline="src/…">`. Here each is bundled with what it imports (the names it shares
// with the app, src/web/starter/contract.ts), minified, and written into its tag as a plain inline script that runs the
// module's default export. vite.config.ts does it in the dev server and the build alike; the server-rendering tests do
// it to the template they render into, as the build would. The server allows each by the hash of what is built.
import path from 'node:path';
import { build } from 'esbuild';

const INLINE_TAG = /<script data-inline="([^"]+)"><\/script>/g;

export interface InlinedHtml {
  html: string;
  /** Every file the inlined scripts were bundled from (absolute paths). */
  sources: string[];
}

/** The script of one module, run at once: its default export called, inside a function (nothing leaks to the page's
 *  globals). */
async function bundle(root: string, file: string): Promise<{ code: string; sources: string[] }> {
  const result = await build({
    stdin: {
      contents: `import run from ${JSON.stringify(`./${file}`)};\nrun();`,
      resolveDir: root,
      sourcefile: `inline:${file}`,
      loader: 'ts',
    },
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    logLevel: 'warning',
  });
  const sources = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith('inline:'))
    .map((input) => path.resolve(root, input));
  return { code: result.outputFiles[0].text.trim(), sources };
}

/** `html` with each `<script data-inline="path">` (a path from `root`) replaced by the module's bundled code. */
export async function inlineScripts(html: string, root: string): Promise<InlinedHtml> {
  let out = html;
  const sources = new Set<string>();
  for (const [element, file] of html.matchAll(INLINE_TAG)) {
    const script = await bundle(root, file);
    // A function as the replacement: the code may hold `$&` and the like, which a string replacement expands.
    out = out.replace(element, () => `<script>${script.code}</script>`);
    for (const source of script.sources) sources.add(source);
  }
  return { html: out, sources: [...sources] };
}
