/**
 * Where `vrobots web` finds the console's static build. The package ships it (dist/web/console,
 * made by `npm run build`), so an installed rclts serves it with no bundler at run time. In a
 * source checkout, where the build may be absent or older than the sources, it is built on first
 * run with the checkout's Vite (a devDependency) through scripts/build-console.mjs.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeThrown, err, ok, type ResultOf } from '../../index.js';

/** The package root: the nearest folder above this file with rclts's package.json. */
function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'bin', 'vrobots.mjs'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (/\.(ts|html|css)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The build when it is there and (in a checkout) not older than the sources it is made from. */
function usableBuild(root: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const sources = join(root, 'web', 'console');
  if (!existsSync(sources)) return true;
  const built = statSync(index).mtimeMs;
  return newestMtime(sources) <= built && newestMtime(join(root, 'src')) <= built;
}

/** The console's static build directory, building it first in a checkout when needed. */
export async function consoleAssets(log: (line: string) => void): Promise<ResultOf<string>> {
  const root = packageRoot();
  if (root === undefined) return err('NotFound', 'vrobots web: cannot find the rclts package folder');
  return consoleAssetsIn(root, log);
}

/** consoleAssets for the package folder `root` (tests give their own). */
export async function consoleAssetsIn(root: string, log: (line: string) => void): Promise<ResultOf<string>> {
  const outDir = join(root, 'dist', 'web', 'console');
  if (usableBuild(root, outDir)) return ok(outDir);
  const builder = join(root, 'scripts', 'build-console.mjs');
  if (!existsSync(builder)) {
    return err('NotFound', `vrobots web: the console build is missing (${outDir}); reinstall rclts`);
  }
  log('vrobots web: building the console page (first run in this checkout)...');
  try {
    const module = (await import(pathToFileURL(builder).href)) as {
      buildConsole(o: { outDir: string }): Promise<string>;
    };
    return ok(await module.buildConsole({ outDir }));
  } catch (thrown) {
    return err('Error', `vrobots web: building the console failed: ${describeThrown(thrown)}`);
  }
}
