// `npm run dev`: the API (node --watch, port 3000) and the Vite dev server (which proxies /api to it) together.
// Output of both is forwarded with a prefix; Ctrl-C (or either process ending) stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

const processes = [
  {
    name: 'api ',
    color: 36,
    command: process.execPath,
    args: ['--import', 'tsx', '--watch', 'src/server/main.ts'],
    env: { PORT: '3000' },
  },
  { name: 'web ', color: 35, command: process.execPath, args: [vite], env: {} },
];

const children = [];
let stopping = false;

function prefix(name, color) {
  const label = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  return (stream, target) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`${label}${line}\n`);
    });
    stream.on('end', () => rest && target.write(`${label}${rest}\n`));
  };
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A child that ignores SIGTERM is killed after a grace period so Ctrl-C always returns the prompt.
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5_000);
  force.unref();
  Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r)),
    ),
  ).then(() => process.exit(code));
}

for (const spec of processes) {
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    env: { ...process.env, ...spec.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = prefix(spec.name, spec.color);
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${spec.name.trim()}] exited (${signal ?? code}); stopping the other process`);
      stopAll(code ?? 1);
    }
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
