import variant from '@jitl/quickjs-ng-wasmfile-release-sync';
import { transform as esbuildTransform } from 'esbuild';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { transform as sucraseTransform } from 'sucrase';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE, TEXTS, type RunRequest } from '../practice';
import { createJavaScriptHarness, type JavaScriptHarness } from '.';

let harness: JavaScriptHarness;
let withSucrase: JavaScriptHarness;
beforeAll(async () => {
  const quickjs = await newQuickJSWASMModuleFromVariant(variant);
  harness = createJavaScriptHarness(quickjs, {
    stripTypes: async (code) => (await esbuildTransform(code, { loader: 'ts', logLevel: 'silent' })).code,
  });
  withSucrase = createJavaScriptHarness(quickjs, {
    stripTypes: (code) => sucraseTransform(code, { transforms: ['typescript'], disableESTransforms: true }).code,
  });
});

const addTests: RunRequest['tests'] = [
  { name: 'adds two numbers', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false },
  { name: 'adds negatives', code: 'assert.equal(add(-1, -1), -2);', hidden: false },
  { name: 'secret', code: 'console.log("the hidden input is 40"); assert.strictEqual(add(40, 2), 42);', hidden: true },
];
const js = (code: string, tests = addTests, timeLimitMs = 2000): RunRequest => ({
  language: 'javascript',
  code,
  tests,
  timeLimitMs,
});

describe('the JavaScript harness', () => {
  it('passes code that passes every test, visible tests first, a hidden test named by its number', async () => {
    const result = await harness.run(js('function add(a, b) { console.log("adding", a, b); return a + b; }'));
    expect(result.verdict).toBe('passed');
    expect(result.tests).toEqual([
      { name: 'adds two numbers', passed: true, hidden: false },
      { name: 'adds negatives', passed: true, hidden: false },
      { name: TEXTS.hiddenTest(1), passed: true, hidden: true },
    ]);
    expect(result.output).toBe('adding 2 3\nadding -1 -1\n');
  });

  it("fails with each failing test's message, and a hidden test's message and output never leave", async () => {
    const result = await harness.run(js('function add(a, b) { console.log("got", a, b); return a - b; }'));
    expect(result.verdict).toBe('failed');
    expect(result.tests[0]).toEqual({
      name: 'adds two numbers',
      passed: false,
      hidden: false,
      message: 'Expected 5, got -1',
    });
    expect(result.tests[2]).toEqual({ name: TEXTS.hiddenTest(1), passed: false, hidden: true });
    expect(JSON.stringify(result)).not.toMatch(/40|42|hidden input/);
  });

  it('gives assert Node’s methods with readable default messages', async () => {
    const result = await harness.run(
      js('const v = { a: [1, 2] };', [
        { name: 'ok', code: 'assert.ok(0)', hidden: false },
        { name: 'deep', code: 'assert.deepStrictEqual(v, { a: [1, 3] })', hidden: false },
        { name: 'deep passes', code: 'assert.deepStrictEqual(v, { a: [1, 2] })', hidden: false },
        { name: 'not strict', code: 'assert.notStrictEqual(1, 1)', hidden: false },
        { name: 'throws', code: 'assert.throws(() => {})', hidden: false },
        { name: 'throws passes', code: 'assert.throws(() => { throw new TypeError("x") }, TypeError)', hidden: false },
        { name: 'own message', code: 'assert.strictEqual(1, 2, "one is not two")', hidden: false },
        { name: 'plain error', code: 'missing()', hidden: false },
        { name: 'await', code: 'const x = await Promise.resolve(3); assert.strictEqual(x, 3)', hidden: false },
      ]),
    );
    expect(result.tests.map((t) => t.message)).toEqual([
      'Expected a truthy value, got 0',
      'Expected { a: [ 1, 3 ] }, got { a: [ 1, 2 ] }',
      undefined,
      'Expected a value other than 1',
      'Expected the function to throw',
      undefined,
      'one is not two',
      'ReferenceError: missing is not defined',
      undefined,
    ]);
  });

  it('keeps assert from being replaced by the learner code', async () => {
    const result = await harness.run(
      js('try { assert.strictEqual = () => {}; } catch {} globalThis.assert = null; function add() { return 0; }'),
    );
    expect(result.verdict).toBe('failed');
  });

  it('answers error with the message when the code throws or does not compile', async () => {
    expect(await harness.run(js('throw new Error("boom")'))).toMatchObject({
      verdict: 'error',
      error: 'Error: boom (line 1)',
      tests: [],
    });
    expect((await harness.run(js('function add(a, b) {'))).verdict).toBe('error');
  });

  it('strips TypeScript with esbuild or sucrase, and a type-stripping syntax error is an error', async () => {
    const ts = (code: string): RunRequest => ({ ...js(code), language: 'typescript' });
    for (const h of [harness, withSucrase]) {
      expect((await h.run(ts('function add(a: number, b: number): number { return a + b; }'))).verdict).toBe('passed');
      const broken = await h.run(ts('function add(a: number,, b) {}'));
      expect(broken.verdict).toBe('error');
      expect(broken.error).toMatch(/SyntaxError/);
    }
  });

  it('times out an endless loop at the limit', async () => {
    const result = await harness.run(js('while (true) {}', addTests, 300));
    expect(result).toMatchObject({ verdict: 'timeout', error: TEXTS.timedOut(300) });
  });

  it('stops a 200 MB array at the memory limit', async () => {
    const result = await harness.run(js('const big = new Array(25_000_000).fill(1);'));
    expect(result).toMatchObject({ verdict: 'error', error: TEXTS.memory });
    const bytes = await harness.run(js('const big = new Uint8Array(200 * 1024 * 1024);'));
    expect(bytes).toMatchObject({ verdict: 'error', error: TEXTS.memory });
  });

  it('ends deep recursion with an error, not a crash', async () => {
    const result = await harness.run(js('function f() { return f(); } f();'));
    expect(result.verdict).toBe('error');
    expect(result.error).toMatch(/RangeError: Maximum call stack size exceeded/);
  });

  it('reaches no module loader, process, fetch or timers', async () => {
    const probe = await harness.run(
      js('function add(a, b) { return a + b; }', [
        { name: 'require', code: "require('fs')", hidden: false },
        { name: 'import', code: "await import('node:fs')", hidden: false },
        { name: 'process', code: 'process.env', hidden: false },
        { name: 'fetch', code: "await fetch('http://127.0.0.1/')", hidden: false },
        {
          name: 'typeof',
          code: 'assert.strictEqual([typeof setTimeout, typeof globalThis.process, typeof Deno].join(), "undefined,undefined,undefined")',
          hidden: false,
        },
      ]),
    );
    expect(probe.tests.map((t) => t.message)).toEqual([
      'ReferenceError: require is not defined',
      "ReferenceError: could not load module 'node:fs'",
      'ReferenceError: process is not defined',
      'ReferenceError: fetch is not defined',
      undefined,
    ]);
    expect((await harness.run(js("import fs from 'node:fs';"))).verdict).toBe('error');
  });

  it('never lets one run see another’s globals', async () => {
    await harness.run(js('globalThis.leak = 42; function add(a, b) { return a + b; }'));
    const second = await harness.run(
      js('function add(a, b) { return a + b; }', [
        { name: 'clean', code: 'assert.strictEqual(typeof leak, "undefined")', hidden: false },
      ]),
    );
    expect(second.verdict).toBe('passed');
  });

  it('cuts the output at 8 KB with a note', async () => {
    const result = await harness.run(
      js('for (let i = 0; i < 1000; i++) console.log("0123456789abcdef"); function add(a, b) { return a + b; }'),
    );
    expect(new TextEncoder().encode(result.output).length).toBeLessThan(PRACTICE.outputBytesMax + 100);
    expect(result.output.endsWith(`${TEXTS.outputCut(PRACTICE.outputBytesMax)}\n`)).toBe(true);
    expect(result.verdict).toBe('passed');
  });
});
