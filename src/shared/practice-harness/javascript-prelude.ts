// The JavaScript evaluated in every fresh QuickJS context before the learner's code: `console` (its text goes to the
// host through one function, `__emit`, which the prelude hides at once) and a global `assert` with Node's methods,
// written inside the sandbox so a test's thrown message is the test's message. Both are frozen and read-only, and
// the prelude keeps its own copies of the built-ins it uses, so learner code that replaces `Object.is` or
// `assert.equal` cannot make a failing test pass. A plain string: bundlers must not rewrite what runs in the sandbox.
export const JAVASCRIPT_PRELUDE = String.raw`
(() => {
  'use strict';
  const emit = globalThis.__emit;
  delete globalThis.__emit;
  const ObjectIs = Object.is;
  const keysOf = Object.keys;
  const getProto = Object.getPrototypeOf;
  const isArray = Array.isArray;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const toStr = Object.prototype.toString;
  const hasOwn = Object.prototype.hasOwnProperty;
  const JSONstringify = JSON.stringify;
  const regexTest = RegExp.prototype.test;
  const call = Function.prototype.call.bind(Function.prototype.call);
  const MapCtor = Map, SetCtor = Set, DateCtor = Date, RegExpCtor = RegExp, ErrorCtor = Error;
  const mapGet = Map.prototype.get, mapHas = Map.prototype.has, setHas = Set.prototype.has;
  const dateTime = Date.prototype.getTime;

  function inspect(value, depth, seen) {
    depth = depth || 0;
    seen = seen || [];
    if (typeof value === 'string') return depth === -1 ? value : JSONstringify(value).replace(/^"|"$/g, "'").replace(/\\"/g, '"');
    if (typeof value === 'bigint') return String(value) + 'n';
    if (typeof value === 'symbol') return String(value);
    if (typeof value === 'function') return '[Function: ' + (value.name || '(anonymous)') + ']';
    if (value === null || typeof value !== 'object') return ObjectIs(value, -0) ? '-0' : String(value);
    if (seen.indexOf(value) >= 0) return '[Circular]';
    if (depth > 4) return isArray(value) ? '[Array]' : '[Object]';
    seen = seen.concat([value]);
    const d = depth < 0 ? 1 : depth + 1;
    try {
      if (value instanceof ErrorCtor) return (value.name || 'Error') + ': ' + value.message;
      if (value instanceof DateCtor) return value.toISOString();
      if (value instanceof RegExpCtor) return String(value);
      if (value instanceof MapCtor) {
        const parts = [];
        value.forEach((v, k) => parts.push(inspect(k, d, seen) + ' => ' + inspect(v, d, seen)));
        return 'Map(' + value.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
      }
      if (value instanceof SetCtor) {
        const parts = [];
        value.forEach((v) => parts.push(inspect(v, d, seen)));
        return 'Set(' + value.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
      }
      if (isArray(value)) {
        const parts = [];
        for (let i = 0; i < value.length && i < 100; i++) parts.push(inspect(value[i], d, seen));
        if (value.length > 100) parts.push('... ' + (value.length - 100) + ' more items');
        return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
      }
      const parts = keysOf(value).slice(0, 100).map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSONstringify(k)) + ': ' + inspect(value[k], d, seen));
      const proto = getProto(value);
      const name = proto && proto !== Object.prototype && proto.constructor && proto.constructor.name ? proto.constructor.name + ' ' : proto === null ? '[Object: null prototype] ' : '';
      return name + (parts.length ? '{ ' + parts.join(', ') + ' }' : '{}');
    } catch (e) {
      return toStr.call(value);
    }
  }

  function print(args) {
    let line = '';
    for (let i = 0; i < args.length; i++) line += (i ? ' ' : '') + inspect(args[i], -1);
    emit(line + '\n');
  }
  const consoleObject = {};
  for (const name of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    consoleObject[name] = function () { print(arguments); };
  }
  define(globalThis, 'console', { value: freeze(consoleObject), writable: false, configurable: false, enumerable: false });

  class AssertionError extends ErrorCtor {
    constructor(message) { super(message); this.name = 'AssertionError'; }
  }
  function fail(message, fallback) {
    if (message instanceof ErrorCtor) throw message;
    throw new AssertionError(message === undefined ? fallback : String(message));
  }

  function deepEqual(a, b, strict, seen) {
    if (strict ? ObjectIs(a, b) : a == b || ObjectIs(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (strict && getProto(a) !== getProto(b)) return false;
    if (call(toStr, a) !== call(toStr, b)) return false;
    seen = seen || [];
    for (let i = 0; i < seen.length; i++) if (seen[i][0] === a && seen[i][1] === b) return true;
    seen = seen.concat([[a, b]]);
    if (a instanceof DateCtor) return call(dateTime, a) === call(dateTime, b);
    if (a instanceof RegExpCtor) return String(a) === String(b);
    if (a instanceof ErrorCtor && (a.name !== b.name || a.message !== b.message)) return false;
    if (a instanceof MapCtor) {
      if (a.size !== b.size) return false;
      let same = true;
      a.forEach((v, k) => { if (same && (!call(mapHas, b, k) || !deepEqual(v, call(mapGet, b, k), strict, seen))) same = false; });
      return same;
    }
    if (a instanceof SetCtor) {
      if (a.size !== b.size) return false;
      let same = true;
      a.forEach((v) => { if (same && !call(setHas, b, v)) same = false; });
      return same;
    }
    if (isArray(a) !== isArray(b)) return false;
    const ka = keysOf(a), kb = keysOf(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!call(hasOwn, b, k)) return false;
      if (!deepEqual(a[k], b[k], strict, seen)) return false;
    }
    return true;
  }

  const assert = function ok(value, message) {
    if (!value) fail(message, 'Expected a truthy value, got ' + inspect(value));
  };
  assert.ok = assert;
  assert.AssertionError = AssertionError;
  assert.fail = function (message) { fail(message, 'Failed'); };
  assert.equal = function (actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) fail(message, 'Expected ' + inspect(expected) + ', got ' + inspect(actual));
  };
  assert.notEqual = function (actual, expected, message) {
    if (actual == expected) fail(message, 'Expected a value other than ' + inspect(expected));
  };
  assert.strictEqual = function (actual, expected, message) {
    if (!ObjectIs(actual, expected)) fail(message, 'Expected ' + inspect(expected) + ', got ' + inspect(actual));
  };
  assert.notStrictEqual = function (actual, expected, message) {
    if (ObjectIs(actual, expected)) fail(message, 'Expected a value other than ' + inspect(expected));
  };
  assert.deepEqual = function (actual, expected, message) {
    if (!deepEqual(actual, expected, false)) fail(message, 'Expected ' + inspect(expected) + ', got ' + inspect(actual));
  };
  assert.deepStrictEqual = function (actual, expected, message) {
    if (!deepEqual(actual, expected, true)) fail(message, 'Expected ' + inspect(expected) + ', got ' + inspect(actual));
  };
  assert.notDeepStrictEqual = function (actual, expected, message) {
    if (deepEqual(actual, expected, true)) fail(message, 'Expected a value other than ' + inspect(expected));
  };
  assert.match = function (string, regexp, message) {
    if (typeof string !== 'string' || !call(regexTest, regexp, string)) fail(message, 'Expected ' + inspect(string) + ' to match ' + String(regexp));
  };
  assert.throws = function (fn, expected, message) {
    if (typeof expected === 'string') { message = expected; expected = undefined; }
    if (typeof fn !== 'function') fail(undefined, 'assert.throws needs a function');
    let threw = false, error;
    try { fn(); } catch (e) { threw = true; error = e; }
    if (!threw) fail(message, 'Expected the function to throw');
    if (expected === undefined) return;
    if (expected instanceof RegExpCtor) {
      if (!call(regexTest, expected, String(error && error.message !== undefined ? error.message : error))) fail(message, 'Expected the error to match ' + String(expected) + ', got ' + inspect(error));
    } else if (typeof expected === 'function') {
      if (expected.prototype !== undefined && error instanceof expected) return;
      if (ErrorCtor.isPrototypeOf(expected) || expected === ErrorCtor) fail(message, 'Expected a ' + expected.name + ', got ' + inspect(error));
      if (expected.call({}, error) !== true) fail(message, 'The thrown error did not pass the check');
    } else if (expected && typeof expected === 'object') {
      for (const k of keysOf(expected)) {
        const want = expected[k], got = error == null ? undefined : error[k];
        const same = want instanceof RegExpCtor && typeof got === 'string' ? call(regexTest, want, got) : deepEqual(got, want, true);
        if (!same) fail(message, 'Expected the error\'s ' + k + ' to be ' + inspect(want) + ', got ' + inspect(got));
      }
    }
  };
  assert.strict = assert;
  freeze(AssertionError.prototype);
  freeze(AssertionError);
  freeze(assert);
  define(globalThis, 'assert', { value: assert, writable: false, configurable: false, enumerable: false });
})();
`;
