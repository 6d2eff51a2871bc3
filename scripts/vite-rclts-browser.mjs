// A Vite plugin that makes rclts's sources load in a browser page: the one Node-only file
// (src/rmw/zenoh/zenoh-ts/zenoh-ts-host.ts: a wasm module hook and the `ws` WebSocket) is replaced by its
// browser twin (which imports zenoh-ts's session_inner module, resolved here beside its index), `node:events` by the `events` package (Node's EventEmitter for all engines), and
// zenoh-ts's wasm-bindgen `.wasm` imports become modules that instantiate the bytes with the
// browser's WebAssembly API. The bytes are inlined (base64), so the bundle needs no fetch, no
// server MIME type and no asset handling from whatever bundles it next.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const ZENOH_TS_SESSION_INNER = '@eclipse-zenoh/zenoh-ts/dist/session_inner.js';

/** Matches `.../src/rmw/zenoh/zenoh-ts/zenoh-ts-host.ts` however the importer spells it. */
function isNodeHost(source, importer) {
  return importer !== undefined && /zenoh-ts-host\.(js|ts)$/.test(source) && /[\\/]rmw[\\/]zenoh[\\/]/.test(importer);
}

/** The JavaScript of a module that instantiates `bytes` and exports what the wasm exports. */
export function wasmModuleSource(bytes, fromDir) {
  const mod = new WebAssembly.Module(bytes);
  const importModules = [...new Set(WebAssembly.Module.imports(mod).map((i) => i.module))];
  const exportNames = WebAssembly.Module.exports(mod).map((e) => e.name);
  const bad = exportNames.find((name) => !IDENTIFIER.test(name));
  if (bad !== undefined) throw new Error(`wasm export ${JSON.stringify(bad)} is not a JavaScript identifier`);
  const lines = importModules.map((m, i) => `import * as i${i} from ${JSON.stringify(join(fromDir, m))};`);
  lines.push(`const base64 = ${JSON.stringify(Buffer.from(bytes).toString('base64'))};`);
  lines.push('const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));');
  const imports = importModules.map((m, i) => `${JSON.stringify(m)}: i${i}`).join(', ');
  lines.push(`const { instance } = await WebAssembly.instantiate(bytes, { ${imports} });`);
  for (const name of exportNames) lines.push(`export const ${name} = instance.exports.${name};`);
  return lines.join('\n');
}

/** @returns {import('vite').Plugin} */
export function rcltsBrowser() {
  return {
    name: 'rclts-browser',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (isNodeHost(source, importer)) return join(dirname(importer), 'zenoh-ts-host.browser.ts');
      // zenoh-ts's session_inner module (not in its package `exports`), beside its index.
      if (source === ZENOH_TS_SESSION_INNER) {
        const index = await this.resolve('@eclipse-zenoh/zenoh-ts', importer, { skipSelf: true });
        return index === null ? null : join(dirname(index.id), 'session_inner.js');
      }
      if (source === 'node:events' || source === 'events') return require.resolve('events/');
      return null;
    },
    async load(id) {
      if (!id.endsWith('.wasm') || !id.includes('zenoh')) return null;
      const bytes = await readFile(id);
      this.debug?.(`rclts-browser: inlining ${basename(id)} (${bytes.length} bytes)`);
      return wasmModuleSource(bytes, dirname(id));
    },
  };
}
