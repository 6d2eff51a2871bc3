// The browser ESM bundle of the package: `rclts` -> dist/browser/rclts.js, `rclts/vrobots` ->
// vrobots.js, `rclts/msgs` -> msgs.js, `rclts/interfaces/runtime` -> interfaces-runtime.js
// (shared code in chunks, so one page gets one executor module),
// dependencies included, zenoh-ts's wasm inlined, no Node built-in (scripts/vite-rclts-browser.mjs).
// package.json's `browser` and `default` export conditions point here.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { rcltsBrowser } from './vite-rclts-browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds dist/browser; resolves when written, rejects on a build error. */
export async function buildBrowserBundle({ outDir = join(root, 'dist/browser'), logLevel = 'warn' } = {}) {
  await build({
    configFile: false,
    root,
    logLevel,
    plugins: [rcltsBrowser()],
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: true,
      lib: {
        entry: {
          rclts: join(root, 'src/index.ts'),
          vrobots: join(root, 'src/vrobots/index.ts'),
          msgs: join(root, 'src/rclcpp/interfaces/generated/index.ts'),
          'interfaces-runtime': join(root, 'src/rclcpp/interfaces/runtime/index.ts'),
        },
        formats: ['es'],
      },
    },
  });
  // Vite answers a Node built-in reached from browser code with a stub that throws when used:
  // that is a bug in the browser path, not something to ship.
  const stubs = readdirSync(outDir).filter((name) => name.includes('vite-browser-external'));
  if (stubs.length > 0) throw new Error(`browser bundle: a Node built-in is on the browser path (${stubs.join(', ')})`);
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outDir = await buildBrowserBundle();
  console.log(`build: browser bundle in ${outDir} (${Date.now() - started} ms)`);
}
