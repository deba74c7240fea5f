// The Python harness's clean-up after a run, in an interpreter loaded from the npm package: what a run wrote into the
// interpreter's own file system is removed, and a folder of another file system mounted into it (here the host's,
// mounted by the test itself, as learner code could once do) is never entered, so nothing in it is deleted; the
// new mount point that cannot be removed marks the interpreter for replacement.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as Pyodide from 'pyodide';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunRequest } from '../practice';
import { createPythonHarness, type PyodideLike } from './python';

type Loaded = PyodideLike & {
  FS: {
    mkdir(path: string): void;
    mount(type: unknown, options: { root: string }, mountpoint: string): void;
    filesystems: { NODEFS: unknown };
  };
};

const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'python-harness-'));
let pyodide: Loaded;
afterAll(() => fs.rmSync(hostDir, { recursive: true, force: true }));

beforeAll(async () => {
  const indexURL = path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json')) + path.sep;
  const { loadPyodide } = (await import(pathToFileURL(`${indexURL}pyodide.mjs`).href)) as typeof Pyodide;
  pyodide = (await loadPyodide({ indexURL })) as unknown as Loaded;
}, 120_000);

const python = (code: string, tests: RunRequest['tests']): RunRequest => ({
  language: 'python',
  code,
  tests,
  timeLimitMs: 5_000,
});

it('removes the files a run wrote, and never enters a folder of another file system mounted after its start', () => {
  const harness = createPythonHarness(pyodide);
  const written = harness.run(
    python("with open('/tmp/notes.txt', 'w') as f:\n    f.write('x')", [
      { name: 'wrote it', code: "assert open('/tmp/notes.txt').read() == 'x'", hidden: false },
    ]),
  );
  expect(written.verdict).toBe('passed');
  expect(harness.needsFreshInterpreter()).toBe(false);
  const seen = harness.run(
    python('import os', [{ name: 'gone', code: "assert not os.path.exists('/tmp/notes.txt')", hidden: false }]),
  );
  expect(seen.verdict).toBe('passed');

  fs.writeFileSync(path.join(hostDir, 'keep.txt'), 'the host file');
  pyodide.FS.mkdir('/host');
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostDir }, '/host');
  const next = harness.run(
    python('import os', [{ name: 'sees it', code: "assert os.path.exists('/host/keep.txt')", hidden: false }]),
  );
  expect(next.verdict).toBe('passed');
  expect(fs.readFileSync(path.join(hostDir, 'keep.txt'), 'utf8')).toBe('the host file');
  expect(harness.needsFreshInterpreter()).toBe(true);
}, 60_000);
