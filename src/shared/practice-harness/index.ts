// The harness that grades a RunRequest, shared by the server's grading workers and the browser's runner so that a
// test passing on Run passes on Submit. Browser-safe: no Node-only imports; the caller loads the engine (QuickJS or
// Pyodide) and hands it in.
export {
  createJavaScriptHarness,
  QUICKJS_LIMITS,
  type JavaScriptHarness,
  type JavaScriptHarnessOptions,
  type StripTypes,
} from './javascript';
export { OutputBuffer } from './output';
export { createPythonHarness, type PythonHarness, type PythonHarnessOptions, type PyodideLike } from './python';
export { capWasmMemoryGrowth, type WasmMemoryCap } from './memory';
