// The runtimes the runner's Worker loads on its first run of a language, each from the app's own address (never a
// CDN): QuickJS compiled to WebAssembly for JavaScript and TypeScript, Pyodide for Python. A Worker keeps what it
// loaded for its next runs; a Worker ended at a time limit or a Stop is replaced, and its successor loads again.
import variant from '@jitl/quickjs-ng-wasmfile-release-sync';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

/** The runtimes' files under the runner's path, as the server serves them (src/server/plugins/practice-runner.ts). */
export const RUNTIME_FILES = {
  quickjs: 'quickjs/emscripten-module.wasm',
  pyodide: 'pyodide/',
} as const;

let quickjs: Promise<QuickJSWASMModule> | undefined;
let pyodide: Promise<PyodideAPI> | undefined;

/** QuickJS, loaded once per Worker. `base` is the runtimes' address, ending in '/'. */
export function loadQuickJS(base: string): Promise<QuickJSWASMModule> {
  quickjs ??= newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmLocation: base + RUNTIME_FILES.quickjs }));
  return quickjs;
}

/** Pyodide, loaded once per Worker, with its standard library and nothing else: no package is ever loaded (its
 *  package loader's default source is a CDN). */
export function loadPython(base: string): Promise<PyodideAPI> {
  const indexURL = base + RUNTIME_FILES.pyodide;
  pyodide ??= loadPyodide({
    indexURL,
    lockFileURL: `${indexURL}pyodide-lock.json`,
    packages: [],
    checkAPIVersion: true,
  });
  return pyodide;
}
