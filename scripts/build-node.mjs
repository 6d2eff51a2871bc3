// The Node entries of the package as a few ES modules instead of one per source file (esbuild,
// from tsc's JavaScript in dist/src): importing rclts file by file spent most of its time in
// the module loader's per-file work (resolve, stat, read, link), not in the code itself
// (docs/benchmarks.md, start-up). Every export of the package is built in one pass with shared
// chunks, so `rclts`, `rclts/msgs/*` and the others share one copy of each module (a message
// type from one entry is the same object to another). Dependencies stay imports of their
// packages; what rclts loads on first use (the zenoh adapter, bag definitions) stays a chunk
// loaded on first use.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `name` (below dist/node, no extension) -> tsc's JavaScript file, for every export of the package. */
export function nodeEntries(distDir = join(root, 'dist')) {
  const src = join(distDir, 'src');
  const generated = join(src, 'rclcpp/interfaces/generated');
  const entries = {
    index: join(src, 'index.js'),
    vrobots: join(src, 'vrobots/index.js'),
    msgs: join(generated, 'index.js'),
    interfaces: join(src, 'interface-compiler/index.js'),
    'interfaces-runtime': join(src, 'rclcpp/interfaces/runtime/index.js'),
  };
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.js') && file !== entries.msgs) {
        entries[`msgs/${relative(generated, file).replace(/\.js$/, '')}`] = file;
      }
    }
  };
  walk(generated);
  return entries;
}

const HUB = 'rclts-msgs-hub';
const FACADE = 'rclts-msgs-facade:';

/**
 * Each `msgs/<pkg>/<file>` entry is a facade re-exporting its module and touching a hub that
 * imports every generated module: so every facade reaches the same modules, and esbuild puts
 * them in a few shared chunks instead of one chunk per combination of entries (dozens).
 */
function msgsFacades(entries) {
  const facades = Object.entries(entries).filter(([name]) => name.startsWith('msgs/'));
  return {
    name: 'rclts-msgs-facades',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${HUB}|${FACADE}.*)$`) }, (args) => ({
        path: args.path,
        namespace: 'rclts',
      }));
      b.onLoad({ filter: /.*/, namespace: 'rclts' }, (args) => {
        if (args.path === HUB) {
          const lines = facades.map(([, file], i) => `export * as m${i} from ${JSON.stringify(file)};`);
          return { contents: lines.join('\n'), resolveDir: root, loader: 'js' };
        }
        const file = entries[args.path.slice(FACADE.length)];
        return {
          contents: `import * as hub from '${HUB}';\nexport * from ${JSON.stringify(file)};\nhub;\n`,
          resolveDir: root,
          loader: 'js',
        };
      });
    },
  };
}

/** Bundles the entries into `distDir`/node; answers the output files esbuild wrote. */
export async function buildNodeBundles(distDir = join(root, 'dist')) {
  const { build } = await import('esbuild');
  const outdir = join(distDir, 'node');
  rmSync(outdir, { recursive: true, force: true });
  const entries = nodeEntries(distDir);
  const entryPoints = Object.fromEntries(
    Object.entries(entries).map(([name, file]) => [name, name.startsWith('msgs/') ? `${FACADE}${name}` : file]),
  );
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
    plugins: [msgsFacades(entries)],
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outputs = await buildNodeBundles();
  console.log(`build: ${outputs.length} Node module(s) in dist/node`);
}
