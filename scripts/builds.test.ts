// Builds are made aside and made current in one rename: a server keeps its own build's files while newer builds come
// and go, two builds at once never share a folder, and `npm start` rebuilds only when the sources changed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentBuild,
  finishBuild,
  inUse,
  makeCurrent,
  newBuildDir,
  pruneBuilds,
  SERVERS_DIR,
  sourcesHash,
} from './builds.mjs';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-builds-'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A finished build holding one web file with `text`. */
function build(text: string): string {
  const dir = newBuildDir(root);
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), text);
  finishBuild(dir, sourcesHash(root));
  return dir;
}

describe('sourcesHash', () => {
  it('stays while the sources stay and changes with any content, name or new file', () => {
    const first = sourcesHash(root);
    expect(sourcesHash(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    const edited = sourcesHash(root);
    expect(edited).not.toBe(first);
    fs.renameSync(path.join(root, 'src', 'a.ts'), path.join(root, 'src', 'b.ts'));
    expect(sourcesHash(root)).not.toBe(edited);
    fs.writeFileSync(path.join(root, 'src', 'c.ts'), '');
    expect(sourcesHash(root)).not.toBe(edited);
  });
});

describe('making a build current', () => {
  it('points dist at the build, and a reader holding the older build keeps reading its files', () => {
    const older = build('older');
    makeCurrent(root, older);
    const held = fs.realpathSync(path.join(root, 'dist'));
    expect(currentBuild(root)?.sources).toBe(sourcesHash(root));

    const newer = build('newer');
    makeCurrent(root, newer);
    expect(fs.readFileSync(path.join(root, 'dist', 'web', 'index.html'), 'utf8')).toBe('newer');
    expect(fs.readFileSync(path.join(held, 'web', 'index.html'), 'utf8')).toBe('older');
  });

  it('moves a dist folder left by an older build aside instead of failing', () => {
    fs.mkdirSync(path.join(root, 'dist', 'web'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'web', 'index.html'), 'folder');
    fs.mkdirSync(path.join(root, '.dist'));
    makeCurrent(root, build('new'));
    expect(fs.lstatSync(path.join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'dist', 'web', 'index.html'), 'utf8')).toBe('new');
  });

  it('gives two builds started at once their own folders', () => {
    const [a, b] = [newBuildDir(root), newBuildDir(root)];
    expect(a).not.toBe(b);
  });
});

describe('pruneBuilds', () => {
  it('keeps the current build, builds a live server runs from and unfinished ones; removes the rest', async () => {
    const unused = build('unused');
    const served = build('served');
    const current = build('current');
    makeCurrent(root, current);
    const unfinished = newBuildDir(root);

    // A live process runs from `served`; a process that has exited left its mark on `unused`.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    const exited = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => exited.once('exit', resolve));
    try {
      for (const [dir, pid] of [
        [served, child.pid],
        [unused, exited.pid],
      ] as const) {
        fs.mkdirSync(path.join(dir, SERVERS_DIR));
        fs.writeFileSync(path.join(dir, SERVERS_DIR, String(pid)), '');
      }
      expect(inUse(served)).toBe(true);
      expect(inUse(unused)).toBe(false);

      expect(pruneBuilds(root)).toEqual([path.basename(unused)]);
      for (const kept of [served, current, unfinished]) expect(fs.existsSync(kept)).toBe(true);

      // An unfinished build is counted as abandoned after a day.
      expect(pruneBuilds(root, { now: Date.now() + 25 * 3600_000 })).toEqual([path.basename(unfinished)]);
    } finally {
      child.kill();
    }
  });
});
