/**
 * Loads `@eclipse-zenoh/zenoh-ts` on plain Node >= 20 with no user-supplied flags.
 *
 * Two traps: zenoh-ts's key-expression validator is a
 * wasm-bindgen "bundler" build that imports a `.wasm` file as an ES module, which Node 20
 * refuses without `--experimental-wasm-modules`; and Node 20 has no global `WebSocket`.
 * We install a module-loading hook (from a data: URL, so nothing needs to be on disk or
 * compiled) that serves zenoh-ts's `.wasm` files as ES modules instantiating them, and we
 * provide `WebSocket` from the `ws` package. Browsers and bundlers need neither.
 */
import { describeThrown, err, ok, type ResultOf } from '../../result.js';

export type ZenohTs = typeof import('@eclipse-zenoh/zenoh-ts');

const WASM_HOOK = `
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.wasm') || !url.includes('zenoh')) return nextLoad(url, context);
  const mod = new WebAssembly.Module(readFileSync(fileURLToPath(url)));
  const modules = [...new Set(WebAssembly.Module.imports(mod).map((i) => i.module))];
  const names = WebAssembly.Module.exports(mod).map((e) => e.name);
  const lines = modules.map((m, i) => 'import * as i' + i + ' from ' + JSON.stringify(m) + ';');
  lines.push("import { readFileSync } from 'node:fs';");
  lines.push('const m = new WebAssembly.Module(readFileSync(new URL(import.meta.url)));');
  lines.push('const inst = new WebAssembly.Instance(m, {' + modules.map((m, i) => JSON.stringify(m) + ': i' + i).join(', ') + '});');
  names.forEach((n, i) => {
    lines.push('const e' + i + ' = inst.exports[' + JSON.stringify(n) + '];');
    lines.push('export { e' + i + ' as ' + JSON.stringify(n) + ' };');
  });
  return { format: 'module', source: lines.join('\\n'), shortCircuit: true };
}
`;

let loading: Promise<ResultOf<ZenohTs>> | undefined;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function prepareNode(): Promise<void> {
  if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined') {
    const ws = await import('ws');
    (globalThis as { WebSocket?: unknown }).WebSocket = ws.WebSocket;
  }
  const nodeModule = await import('node:module');
  if (typeof nodeModule.register === 'function') {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(WASM_HOOK)}`);
  }
}

async function load(): Promise<ResultOf<ZenohTs>> {
  try {
    if (isNode()) await prepareNode();
    const zenoh = await import('@eclipse-zenoh/zenoh-ts');
    return ok(zenoh);
  } catch (thrown) {
    return err('Unsupported', `could not load @eclipse-zenoh/zenoh-ts: ${describeThrown(thrown)}`);
  }
}

/** Loads zenoh-ts once per process; later calls share the first answer. */
export function loadZenohTs(): Promise<ResultOf<ZenohTs>> {
  loading ??= load();
  return loading;
}
