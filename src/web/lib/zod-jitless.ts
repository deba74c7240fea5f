// Zod in the browser runs without compiling parsers (`jitless`). Otherwise, before its first object parse, Zod probes
// for eval with `new Function('')`: the CSP forbids eval, and the browser reports the caught probe as a violation
// (a Lighthouse best-practices failure on every page that parses). Interpreted parsing is fast enough for a form's data.
//
// Set through Zod's global config object rather than `z.config()`, so the first load carries no Zod: the schemas are
// in lazy chunks, and Zod adopts this object when it loads (zod/v4/core/core.js). e2e/ssr.e2e.ts holds the pages to no CSP violation.
// Imported first by main.tsx; the server keeps compiled parsers.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
export {};
