// How `npm start` runs the site once it has built: package.json's `serve` script (`node <flags> <main.js>`). The
// browser tests and the benches start the compiled server with it, so they run it exactly as users get it, and wait
// for it here.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Resolves once `probe` answers 200; throws when the server exits first or `timeoutMs` passes. */
export async function waitUntilServing(
  probe: string,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited with code ${exitCode} before answering ${probe}`);
    try {
      const res = await fetch(probe, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`The server did not answer 200 on ${probe} within ${timeoutMs / 1000} s`);
}
