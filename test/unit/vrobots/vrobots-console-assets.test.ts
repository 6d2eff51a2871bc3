import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleAssetsIn } from '../../../src/cli/vrobots/console-assets.js';

const roots: string[] = [];

/** A package folder: optional sources (web/console, src), an optional build, an optional builder. */
function packageFolder(o: { sources: boolean; built: boolean; builder: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), 'rclts-assets-'));
  roots.push(root);
  const old = new Date(Date.now() - 60_000);
  if (o.sources) {
    mkdirSync(join(root, 'web', 'console'), { recursive: true });
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'web', 'console', 'main.ts'), 'export {};');
    writeFileSync(join(root, 'src', 'index.ts'), 'export {};');
  }
  if (o.built) {
    mkdirSync(join(root, 'dist', 'web', 'console'), { recursive: true });
    writeFileSync(join(root, 'dist', 'web', 'console', 'index.html'), 'built');
    utimesSync(join(root, 'dist', 'web', 'console', 'index.html'), old, old);
  }
  if (o.sources && o.built) utimesSync(join(root, 'web', 'console', 'main.ts'), old, new Date(old.getTime() - 1000));
  if (o.sources && o.built) utimesSync(join(root, 'src', 'index.ts'), old, new Date(old.getTime() - 1000));
  if (o.builder) {
    mkdirSync(join(root, 'scripts'), { recursive: true });
    writeFileSync(
      join(root, 'scripts', 'build-console.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
       import { join } from 'node:path';
       export async function buildConsole({ outDir }) {
         mkdirSync(outDir, { recursive: true });
         writeFileSync(join(outDir, 'index.html'), 'rebuilt');
         return outDir;
       }`,
    );
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('vrobots web: finding the console build', () => {
  it('serves an installed package its shipped build (no sources beside it), building nothing', async () => {
    const root = packageFolder({ sources: false, built: true, builder: false });
    const log: string[] = [];
    const found = await consoleAssetsIn(root, (l) => log.push(l));
    expect(found).toEqual({ ok: true, value: join(root, 'dist', 'web', 'console') });
    expect(log).toEqual([]);
  });

  it('uses a checkout build that is newer than its sources', async () => {
    const root = packageFolder({ sources: true, built: true, builder: true });
    const log: string[] = [];
    expect((await consoleAssetsIn(root, (l) => log.push(l))).ok).toBe(true);
    expect(log).toEqual([]);
    expect(readFileSync(join(root, 'dist', 'web', 'console', 'index.html'), 'utf8')).toBe('built');
  });

  it('builds in a checkout when the build is missing or older than the sources', async () => {
    const missing = packageFolder({ sources: true, built: false, builder: true });
    const log: string[] = [];
    expect(await consoleAssetsIn(missing, (l) => log.push(l))).toEqual({
      ok: true,
      value: join(missing, 'dist', 'web', 'console'),
    });
    expect(log).toEqual([expect.stringContaining('building the console page')]);
    const stale = packageFolder({ sources: true, built: true, builder: true });
    writeFileSync(join(stale, 'web', 'console', 'main.ts'), 'export const changed = 1;');
    expect((await consoleAssetsIn(stale, () => {})).ok).toBe(true);
    expect(readFileSync(join(stale, 'dist', 'web', 'console', 'index.html'), 'utf8')).toBe('rebuilt');
  });

  it('answers an error value when there is neither a build nor a way to make one', async () => {
    const root = packageFolder({ sources: false, built: false, builder: false });
    const found = await consoleAssetsIn(root, () => {});
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.error.message).toMatch(/console build is missing .*reinstall rclts/);
  });
});
