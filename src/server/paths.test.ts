// Every path to a project file is resolved in one place, right both from the TypeScript source and from a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOf, findProjectRoot, PATHS } from './paths';

describe('project paths', () => {
  it('finds the project root from the source, and the files the server reads under it', () => {
    expect(fs.existsSync(path.join(PATHS.root, 'package.json'))).toBe(true);
    expect(PATHS.compiled).toBe(false);
    expect(fs.existsSync(path.join(PATHS.publicDir, 'media', 'lessons'))).toBe(true);
    expect(fs.readdirSync(PATHS.migrationsDir).some((file) => file.endsWith('.sql'))).toBe(true);
  });

  it('finds the root from a build folder deeper than the source, as the compiled server is', () => {
    const deep = path.join(PATHS.root, '.dist', 'some-build', 'server');
    expect(findProjectRoot(deep)).toBe(PATHS.root);
  });

  it('says which build a compiled server belongs to, and none for a folder that is not a build', () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-build-'));
    try {
      fs.mkdirSync(path.join(build, 'server'));
      expect(buildOf(path.join(build, 'server'))).toBeNull();
      fs.writeFileSync(path.join(build, 'build-info.json'), '{}');
      expect(buildOf(path.join(build, 'server'))).toBe(build);
      expect(buildOf(path.join(PATHS.root, 'src', 'server'))).toBeNull();
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it('refuses to guess when no folder above is the project', () => {
    expect(() => findProjectRoot(os.tmpdir())).toThrow(/cannot find the project's files/);
  });
});
