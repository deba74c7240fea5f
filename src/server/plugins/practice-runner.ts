// The code runner's frame and files, served by the app under its own path. The frame page has its own CSP: it is a
// sandbox (`sandbox allow-scripts`, an opaque origin with no access to the app's storage or cookies) whose scripts,
// Worker and requests reach only this app's origin, named (`'self'` is unreliable in an opaque origin). Its two
// scripts (the frame and its Worker, bundled by scripts/build-runner.mjs) and the runtimes' files (QuickJS's wasm,
// Pyodide's interpreter and standard library) are requested from that opaque origin, so they are answered with
// `Access-Control-Allow-Origin: *` and a cross-origin resource policy; they are kept a year under addresses that
// change with their content or version, and sent gzipped (compressed once, on first request, then kept).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EXAMPLE_PAGE_PATH, RUNNER_PATH } from '../../shared/practice';
import { PATHS } from '../paths';

const gzip = promisify(zlib.gzip);

export interface PracticeRunnerOptions {
  /** The frame's and the Worker's scripts by file name; default: the build's (compiled), or bundled from the sources. */
  bundles?: () => Promise<Record<string, string>>;
}

const YEAR = 'public, max-age=31536000, immutable';
/** Headers every runner file carries: readable by the opaque-origin frame and its Worker. */
const SHARED = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };

const packageVersion = (name: string): string =>
  (
    JSON.parse(fs.readFileSync(path.join(PATHS.root, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The runtimes' files by their address under `runtimes/<version>/`: where each is on disk and its type. */
function runtimeFiles(): Map<string, { file: string; type: string }> {
  const modules = path.join(PATHS.root, 'node_modules');
  const pyodide = path.join(modules, 'pyodide');
  return new Map([
    [
      'quickjs/emscripten-module.wasm',
      {
        file: path.join(modules, '@jitl', 'quickjs-ng-wasmfile-release-sync', 'dist', 'emscripten-module.wasm'),
        type: 'application/wasm',
      },
    ],
    ['pyodide/pyodide.asm.wasm', { file: path.join(pyodide, 'pyodide.asm.wasm'), type: 'application/wasm' }],
    ['pyodide/pyodide.asm.mjs', { file: path.join(pyodide, 'pyodide.asm.mjs'), type: 'text/javascript' }],
    ['pyodide/python_stdlib.zip', { file: path.join(pyodide, 'python_stdlib.zip'), type: 'application/zip' }],
    ['pyodide/pyodide-lock.json', { file: path.join(pyodide, 'pyodide-lock.json'), type: 'application/json' }],
  ]);
}

/** The built bundles (`<build>/runner/`) when compiled; from source, bundled now from the sources. */
async function defaultBundles(): Promise<Record<string, string>> {
  const names = ['frame.js', 'worker.js'];
  if (PATHS.compiled) {
    return Object.fromEntries(names.map((name) => [name, fs.readFileSync(path.join(PATHS.runnerDir, name), 'utf8')]));
  }
  const script = pathToFileURL(path.join(PATHS.root, 'scripts', 'build-runner.mjs')).href;
  const { runnerBundles } = (await import(script)) as { runnerBundles: () => Promise<Record<string, string>> };
  return runnerBundles();
}

/** A file as sent: gzipped once and kept (a zip is sent as it is); the plain bytes stay on disk when it has a file. */
interface Served {
  type: string;
  gzipped?: Buffer;
  body?: Buffer;
  file?: string;
}

async function served(type: string, source: { body: Buffer } | { file: string }): Promise<Served> {
  if (type === 'application/zip') return { type, ...source };
  const body = 'body' in source ? source.body : await fs.promises.readFile(source.file);
  return { type, gzipped: await gzip(body), ...source };
}

/** The origin the browser reached the app at: the frame names it in its CSP and answers only it. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function frameCsp(origin: string): string {
  return [
    "default-src 'none'",
    `script-src ${origin} 'wasm-unsafe-eval'`,
    'worker-src blob:',
    `connect-src ${origin}`,
    "style-src 'none'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
    'sandbox allow-scripts',
  ].join('; ');
}

/** The CSP of a runnable HTML example's page: its own inline scripts and styles run (the example is the learner's
 *  page), in a sandbox with an opaque origin that may load and send nothing (no requests, no other scripts, no
 *  forms), framed only by the app. */
export function examplePageCsp(origin: string): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
    'sandbox allow-scripts',
  ].join('; ');
}

/** The example's page: it writes the HTML its address carries after `#` (so nothing of it reaches the server) as the
 *  whole document, whose scripts then run under the page's CSP. */
const EXAMPLE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example</title><script>' +
  "addEventListener('DOMContentLoaded',function(){var html=decodeURIComponent(location.hash.slice(1));" +
  'document.open();document.write(html);document.close();});' +
  '</script></head><body></body></html>';

function frameHtml(origin: string, frameScript: string, workerScript: string, runtimes: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Code runner</title></head><body>' +
    `<script src="${attr(frameScript)}" data-origin="${attr(origin)}" data-worker="${attr(origin + workerScript)}"` +
    ` data-base="${attr(origin + runtimes)}"></script></body></html>`
  );
}

async function practiceRunner(app: FastifyInstance, options: PracticeRunnerOptions) {
  const loadBundles = options.bundles ?? defaultBundles;
  const runtimesBase = `${RUNNER_PATH}/runtimes/${packageVersion('pyodide')}-${packageVersion('@jitl/quickjs-ng-wasmfile-release-sync')}/`;
  const runtimes = runtimeFiles();
  const runtimeCache = new Map<string, Promise<Served>>();

  // The bundles are read (or bundled) on the first request for the frame, once; each gets an address from its hash.
  let scripts: Promise<{ byName: Map<string, Served>; frame: string; worker: string }> | undefined;
  const loadScripts = () => {
    scripts ??= (async () => {
      const bundles = await loadBundles();
      const byName = new Map<string, Served>();
      const addressOf: Record<string, string> = {};
      for (const [name, text] of Object.entries(bundles)) {
        const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
        const address = `${name.replace(/\.js$/, '')}-${hash}.js`;
        byName.set(address, await served('text/javascript; charset=utf-8', { body: Buffer.from(text) }));
        addressOf[name] = `${RUNNER_PATH}/${address}`;
      }
      return { byName, frame: addressOf['frame.js'], worker: addressOf['worker.js'] };
    })();
    scripts.catch(() => (scripts = undefined));
    return scripts;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: Served) => {
    reply.headers({ ...SHARED, 'cache-control': YEAR, 'content-type': file.type, vary: 'accept-encoding' });
    if (file.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(file.gzipped);
    }
    return reply.send(file.body ?? fs.createReadStream(file.file ?? ''));
  };

  app.get(`${RUNNER_PATH}/frame.html`, { schema: { hide: true } }, async (request, reply) => {
    const { frame, worker } = await loadScripts();
    const origin = originOf(request);
    return reply
      .header('content-security-policy', frameCsp(origin))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(frameHtml(origin, frame, worker, runtimesBase));
  });

  app.get(EXAMPLE_PAGE_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-security-policy', examplePageCsp(originOf(request)))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(EXAMPLE_PAGE),
  );

  app.get<{ Params: { script: string } }>(
    `${RUNNER_PATH}/:script`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const file = (await loadScripts()).byName.get(request.params.script);
      if (!file) return reply.status(404).send({ error: `Not found: ${request.url}` });
      return send(request, reply, file);
    },
  );

  app.get<{ Params: { version: string; '*': string } }>(
    `${RUNNER_PATH}/runtimes/:version/*`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const name = request.params['*'];
      const runtime = runtimes.get(name);
      if (!runtime || `${RUNNER_PATH}/runtimes/${request.params.version}/` !== runtimesBase) {
        return reply.status(404).send({ error: `Not found: ${request.url}` });
      }
      let file = runtimeCache.get(name);
      if (!file) {
        file = served(runtime.type, { file: runtime.file });
        runtimeCache.set(name, file);
        file.catch(() => runtimeCache.delete(name));
      }
      return send(request, reply, await file);
    },
  );
}

export default fp(practiceRunner, { name: 'practice-runner' });
