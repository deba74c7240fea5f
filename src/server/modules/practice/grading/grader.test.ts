import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE, TEXTS, type RunRequest } from '../../../../shared/practice';
import { Refusal } from '../../../lib/errors';
import { walledProcess } from './worker-kinds';
import { checkExercise, createGrader, type Grader } from '.';

// A secret of the server's environment and one of its files: no Python run may reach either.
const SECRET = 'grader-test-secret-7f3a';
process.env.GRADER_TEST_SECRET = SECRET;
const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grader-secret-'));
fs.writeFileSync(path.join(secretDir, 'secret.txt'), SECRET);
afterAll(() => fs.rmSync(secretDir, { recursive: true, force: true }));

/** The grading child processes of this process (Linux), by their pid. */
function gradingChildren(): number[] {
  const tasks = fs.readdirSync(`/proc/${process.pid}/task`);
  const pids = tasks.flatMap((task) =>
    fs.readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
  );
  return pids.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('grading-worker');
    } catch {
      return false; // Gone meanwhile.
    }
  });
}

// Real worker threads and child processes, real QuickJS and real Pyodide: loading Pyodide takes seconds, more on a
// busy machine.
let grader: Grader;
beforeAll(async () => {
  grader = createGrader({ javascriptWorkers: 2, pythonWorkers: 1, queueMax: 40 });
  await grader.warm();
}, 240_000);
afterAll(async () => {
  await grader?.close();
});

const jsTests: RunRequest['tests'] = [
  { name: 'adds', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false },
  { name: 'secret', code: 'console.log("hidden 40"); assert.strictEqual(add(40, 2), 42);', hidden: true },
];
const pyTests: RunRequest['tests'] = [
  { name: 'adds', code: 'assert add(2, 3) == 5, "add(2, 3) should be 5"', hidden: false },
  { name: 'secret', code: 'print("hidden 40")\nassert add(40, 2) == 42, "expected 42"', hidden: true },
];
const run = (language: RunRequest['language'], code: string, timeLimitMs = 1000) =>
  grader.grade({ language, code, tests: language === 'python' ? pyTests : jsTests, timeLimitMs });

const JS_ADD = 'function add(a, b) { return a + b; }';
const TS_ADD = 'function add(a: number, b: number): number { return a + b; }';
const PY_ADD = 'def add(a, b):\n    return a + b';
const pyodideDir = fs.realpathSync(path.dirname(fileURLToPath(import.meta.resolve('pyodide'))));

describe('the grader', () => {
  it.each([
    [
      'javascript',
      JS_ADD,
      'function add(a, b) { return a - b; }',
      'throw new Error("boom")',
      'const a = new Array(25e6).fill(0);',
      'while (true) {}',
    ],
    [
      'typescript',
      TS_ADD,
      'function add(a: number, b: number) { return a - b; }',
      'const x: number = ;',
      'const a: number[] = new Array(25e6).fill(0);',
      'while (true) {}',
    ],
    [
      'python',
      PY_ADD,
      'def add(a, b):\n    return a - b',
      'raise ValueError("boom")',
      'big = bytearray(200 * 1024 * 1024)',
      'while True:\n    pass',
    ],
  ] as const)(
    'gives every verdict in %s',
    async (language, passing, failing, throwing, bomb, loop) => {
      expect((await run(language, passing)).verdict).toBe('passed');
      const failed = await run(language, failing);
      expect(failed.verdict).toBe('failed');
      expect(failed.tests[0].message).toBeTruthy();
      expect(failed.tests[1]).toEqual({ name: TEXTS.hiddenTest(1), passed: false, hidden: true });
      expect((await run(language, throwing)).verdict).toBe('error');
      // The longest time limit, so that a loaded machine still reaches the memory limit before the clock.
      expect(await run(language, bomb, PRACTICE.timeLimitMs.max)).toMatchObject({
        verdict: 'error',
        error: TEXTS.memory,
      });
      expect(await run(language, loop, 500)).toMatchObject({ verdict: 'timeout', error: TEXTS.timedOut(500) });
      expect((await run(language, passing)).verdict).toBe('passed');
    },
    120_000,
  );

  it('never returns what hidden tests print or their messages', async () => {
    for (const [language, code] of [
      ['javascript', 'function add(a, b) { console.log("in", a, b); return 0; }'],
      ['python', 'def add(a, b):\n    print("in", a, b)\n    return 0'],
    ] as const) {
      const result = await run(language, code);
      expect(result.output).toBe('in 2 3\n');
      expect(JSON.stringify(result)).not.toMatch(/40|42/);
    }
  });

  it('cuts the Python output at 8 KB with a note', async () => {
    const result = await run('python', 'print("x" * 20000)\n' + PY_ADD);
    expect(result.output.endsWith(`${TEXTS.outputCut(8192)}\n`)).toBe(true);
    expect(result.output.length).toBeLessThan(8300);
  });

  it('gives hostile JavaScript a verdict and keeps answering', async () => {
    for (const code of [
      "require('fs')",
      'process.env',
      "fetch('http://127.0.0.1/')",
      'function f() { return f(); } f();',
    ]) {
      expect((await run('javascript', code)).verdict).toBe('error');
    }
    const dynamicImport = await run(
      'javascript',
      `${JS_ADD}\nimport('node:fs').then(() => { throw new Error('loaded'); });`,
    );
    expect(dynamicImport.verdict).toBe('passed');
    expect((await run('javascript', JS_ADD)).verdict).toBe('passed');
  });

  it('keeps Python away from the host: no host files, no JavaScript bridge, no processes or sockets', async () => {
    const probe = await run('python', 'import os\nprint(sorted(os.listdir("/")))\n' + PY_ADD);
    expect(probe.verdict).toBe('passed');
    expect(probe.output).toBe("['dev', 'home', 'lib', 'proc', 'tmp']\n");
    expect((await run('python', 'open("/etc/passwd").read()')).error).toMatch(/FileNotFoundError/);
    for (const module of ['js', 'pyodide_js', 'pyodide', 'pyodide.ffi', 'subprocess', 'socket', '_pyodide_core']) {
      const result = await run('python', `import ${module}`);
      expect(result.verdict, module).toBe('error');
      expect(result.error, module).toMatch(/ModuleNotFoundError/);
    }
    const viaSys = await run(
      'python',
      'import sys, importlib\nassert "js" not in sys.modules\nimportlib.import_module("js")',
    );
    expect(viaSys.error).toMatch(/ModuleNotFoundError/);
    expect((await run('python', PY_ADD)).verdict).toBe('passed');
  });

  it('gives Python that walks its way to the JavaScript bridge nothing of the host, and keeps answering', async () => {
    // The frames lead to the harness's globals; with its finder and the real import, gc finds the modules the run
    // hid, among them Pyodide's import hook, which holds the JavaScript global object.
    const escape = String.raw`
import sys
f, g = sys._getframe(), None
while f is not None:
    if '_meta_path' in f.f_globals:
        g = f.f_globals
    f = f.f_back
g['_meta_path'][:] = [x for x in g['_meta_path'] if type(x).__name__ != '_Refuse']
gc = g['_real_import']('gc')
mods = {}
for o in gc.get_objects():
    if isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], list):
        for item in o[0]:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
                mods[item[0]] = item[1]
js = mods['_pyodide._importhook'].jsfinder.jsproxies['js']
pjs = mods['pyodide_js']
ffi = mods['pyodide.ffi']
print('bridge', js.Object is not None)
def attempt(name, how):
    try:
        print(name, repr(how())[:200])
    except BaseException as e:
        print(name, 'refused', type(e).__name__)
attempt('process.env', lambda: js.process.env.to_py())
attempt('globalThis.process', lambda: js.globalThis.process.env)
attempt('require', lambda: js.require('fs'))
attempt('eval', lambda: js.eval('process.env'))
attempt('Function', lambda: js.Function('return process')())
attempt('constructor', lambda: js.Object.constructor('return process')())
attempt('mountNodeFS', lambda: pjs.mountNodeFS('/host', '__DIR__'))
def mount():
    nodefs = pjs._module.NODEFS or pjs.FS.filesystems.NODEFS
    pjs.FS.mkdirTree('/host2')
    pjs.FS.mount(nodefs, ffi.to_js({'root': '__DIR__'}, dict_converter=js.Object.fromEntries), '/host2')
    return open('/host2/secret.txt').read()
attempt('NODEFS', mount)
attempt('open', lambda: open('__DIR__/secret.txt').read())
import os
attempt('environ', lambda: dict(os.environ))
`.replaceAll('__DIR__', secretDir);
    const result = await run('python', escape, 5000);
    expect(result.output).toContain('bridge True');
    expect(result.output).not.toContain(SECRET);
    expect(result.output).not.toContain('DATABASE_URL');
    for (const name of ['process.env', 'require', 'eval', 'Function', 'constructor', 'mountNodeFS', 'NODEFS', 'open']) {
      expect(result.output, name).toMatch(new RegExp(`^${name} refused`, 'm'));
    }
    expect((await run('python', PY_ADD)).verdict).toBe('passed');
  });

  it('walls the Python process: it reads only what it is allowed, writes nothing, starts nothing', async () => {
    // The same start as a grading child, with a probe for entry: every host access it tries is answered.
    const probe = path.join(secretDir, 'probe.mjs');
    fs.writeFileSync(
      probe,
      `import fs from 'node:fs';
import cp from 'node:child_process';
import { Worker } from 'node:worker_threads';
const tries = {
  readSecret: () => fs.readFileSync(${JSON.stringify(path.join(secretDir, 'secret.txt'))}, 'utf8'),
  readPasswd: () => fs.readFileSync('/etc/passwd', 'utf8').slice(0, 10),
  readPyodide: () => JSON.parse(fs.readFileSync(${JSON.stringify(path.join(pyodideDir, 'package.json'))}, 'utf8')).name,
  write: () => fs.writeFileSync(${JSON.stringify(path.join(pyodideDir, 'written.txt'))}, 'x'),
  spawn: () => cp.execFileSync('/bin/true'),
  worker: () => new Worker('0', { eval: true }),
  codeFromString: () => new Function('return 1')(),
  env: () => Object.keys(process.env).filter((k) => !k.startsWith('NODE_CHANNEL')).join(','),
};
const out = {};
for (const [name, f] of Object.entries(tries)) {
  try { out[name] = 'allowed ' + String(f()); } catch (e) { out[name] = 'refused ' + (e.code ?? e.name); }
}
process.send(out, () => process.exit(0));
`,
    );
    const child = fork(probe, [], walledProcess(probe, { readable: [pyodideDir], heapMb: 64 }));
    const answer = await new Promise<Record<string, string>>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Record<string, string>));
      child.once('exit', (code) => reject(new Error(`the probe exited with ${code}`)));
    });
    expect(answer).toEqual({
      readSecret: 'refused ERR_ACCESS_DENIED',
      readPasswd: 'refused ERR_ACCESS_DENIED',
      readPyodide: 'allowed pyodide',
      write: 'refused ERR_ACCESS_DENIED',
      spawn: 'refused ERR_ACCESS_DENIED',
      worker: 'refused ERR_ACCESS_DENIED',
      codeFromString: 'refused EvalError',
      env: 'allowed ',
    });
  });

  it("gives the Python process none of the server's environment", async () => {
    expect((await run('python', PY_ADD)).verdict).toBe('passed');
    const [pid] = gradingChildren();
    expect(pid).toBeGreaterThan(0);
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    expect(environ.map((v) => v.split('=')[0]).sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']);
    expect(environ.join('\n')).not.toContain(SECRET);
  });

  it('replaces a Python process killed during a run or between runs', async () => {
    const [first] = gradingChildren();
    const looping = run('python', 'while True:\n    pass', PRACTICE.timeLimitMs.max);
    // Killed while it runs: the run is an error, not a wait for the deadline.
    await expect.poll(() => grader.stats().python.busy, { timeout: 10_000 }).toBe(1);
    process.kill(first, 'SIGKILL');
    expect(await looping).toMatchObject({ verdict: 'error' });
    await expect.poll(() => grader.stats().python.ready, { timeout: 120_000, interval: 200 }).toBe(1);
    const [second] = gradingChildren();
    expect(second).not.toBe(first);
    // Killed while idle: a fresh process takes its place.
    process.kill(second, 'SIGKILL');
    await expect.poll(() => gradingChildren().filter((pid) => pid !== second).length, { timeout: 10_000 }).toBe(1);
    expect(gradingChildren()).not.toContain(second);
    expect((await run('python', PY_ADD)).verdict).toBe('passed');
  }, 240_000);

  it("never lets one Python run see another's state", async () => {
    await run(
      'python',
      'import json, builtins\njson.dumps = None\nbuiltins.len = None\nopen("/tmp/note", "w").write("x")\nleak = 1\n' +
        PY_ADD,
    );
    const next = await grader.grade({
      language: 'python',
      code: 'import json, os\n' + PY_ADD,
      tests: [
        {
          name: 'clean',
          code: 'assert json.dumps([1]) == "[1]"\nassert len("ab") == 2\nassert not os.path.exists("/tmp/note")\nassert "leak" not in globals()',
          hidden: false,
        },
      ],
      timeLimitMs: 1000,
    });
    expect(next.verdict).toBe('passed');
  });

  it('replaces a Python worker that swallows the interrupt, and answers timeout', async () => {
    const stubborn =
      'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass';
    expect(await run('python', stubborn, 300)).toMatchObject({ verdict: 'timeout', error: TEXTS.timedOut(300) });
    expect((await run('python', PY_ADD)).verdict).toBe('passed');
  }, 240_000);

  it('finishes 20 concurrent runs', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => run(i % 4 === 3 ? 'python' : 'javascript', i % 4 === 3 ? PY_ADD : JS_ADD)),
    );
    expect(results.map((r) => r.verdict)).toEqual(Array(20).fill('passed'));
  }, 120_000);

  it('refuses with busy and Retry-After when every worker is busy and the queue is full', async () => {
    const small = createGrader({ javascriptWorkers: 1, pythonWorkers: 1, queueMax: 1 });
    try {
      await small.warm('javascript');
      const loop = { language: 'javascript' as const, code: 'while (true) {}', tests: jsTests, timeLimitMs: 300 };
      const running = [small.grade(loop), small.grade(loop)];
      let refusal: unknown;
      try {
        await small.grade(loop);
      } catch (e) {
        refusal = e;
      }
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal).toMatchObject({ kind: 'busy', headers: { 'Retry-After': '1' } });
      expect((await Promise.all(running)).map((r) => r.verdict)).toEqual(['timeout', 'timeout']);
    } finally {
      await small.close();
    }
  }, 240_000);

  it('checks an exercise: the solution passes every test and the starter fails one, naming each failure', async () => {
    const exercise = {
      language: 'javascript' as const,
      solution: JS_ADD,
      starterCode: 'function add(a, b) {}',
      tests: jsTests,
      timeLimitMs: 1000,
    };
    expect(await checkExercise(grader, exercise)).toEqual({ solutionPasses: true, starterFails: true, failures: [] });
    const wrong = await checkExercise(grader, {
      ...exercise,
      solution: 'function add(a, b) { return 5; }',
      starterCode: JS_ADD,
    });
    expect(wrong).toEqual({
      solutionPasses: false,
      starterFails: false,
      failures: [{ test: 'secret', message: 'Expected 42, got 5' }],
    });
    const python = await checkExercise(grader, {
      language: 'python',
      solution: PY_ADD,
      starterCode: 'def add(a, b):\n    pass',
      tests: pyTests,
      timeLimitMs: 1000,
    });
    expect(python).toEqual({ solutionPasses: true, starterFails: true, failures: [] });
  });
});
