// How `npm start` runs the site once it has built: package.json's `serve` script (`node <flags> <main.js>`). The
// browser tests and the benches start the compiled server with it, so they run it exactly as users get it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The arguments after `node` of package.json's `serve` script. */
export function serveCommand(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const [command, ...args] = pkg.scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's serve script does not start with node: ${pkg.scripts.serve}`);
  return args;
}
