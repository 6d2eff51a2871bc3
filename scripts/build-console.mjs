// The vrobots web console (web/console) as a static site: index.html plus hashed assets, built
// from the sources with the browser plugin (scripts/vite-rclts-browser.mjs). `npm run build`
// writes dist/web/console, which the package ships and `vrobots web` serves; a source checkout
// without it builds it on first run.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { rcltsBrowser } from './vite-rclts-browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONSOLE_SOURCE_DIR = join(root, 'web/console');
export const CONSOLE_OUT_DIR = join(root, 'dist/web/console');

/** Builds the console; resolves with the output directory, rejects on a build error. */
export async function buildConsole({ outDir = CONSOLE_OUT_DIR, logLevel = 'warn' } = {}) {
  await build({
    configFile: false,
    root: CONSOLE_SOURCE_DIR,
    base: './',
    logLevel,
    plugins: [rcltsBrowser()],
    // The session runs in a module worker (web/console/session-worker.ts), bundled with the same plugin.
    worker: { format: 'es', plugins: () => [rcltsBrowser()] },
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000 },
  });
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outDir = await buildConsole();
  console.log(`build: vrobots web console in ${outDir} (${Date.now() - started} ms)`);
}
