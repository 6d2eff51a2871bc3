/**
 * What Node >= 20 lacks to run `@eclipse-zenoh/zenoh-ts`, provided with no user-supplied flags.
 *
 * zenoh-ts's key-expression validator is a wasm-bindgen "bundler" build that imports a `.wasm`
 * file as an ES module, which Node 20 refuses without `--experimental-wasm-modules`; and Node 20
 * has no global `WebSocket`. We install a module-loading hook (from a data: URL, so nothing needs
 * to be on disk or compiled) that serves zenoh-ts's `.wasm` files as ES modules instantiating
 * them, and provide `WebSocket` from the `ws` package. Browsers and bundlers need neither: the
 * browser build replaces this file with zenoh-ts-host.browser.ts.
 */

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

let wsInstalled = false;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** Makes the host able to import and run zenoh-ts; a no-op outside Node. */
export async function prepareHost(): Promise<void> {
  if (!isNode()) return;
  if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined') {
    const ws = await import('ws');
    (globalThis as { WebSocket?: unknown }).WebSocket = ws.WebSocket;
    wsInstalled = true;
  }
  const nodeModule = await import('node:module');
  if (typeof nodeModule.register === 'function') {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(WASM_HOOK)}`);
  }
}

/**
 * The WebSocket options that make a `wss/` router's certificate checked against the CA in
 * `caFile` (PEM) instead of Node's default roots: `ws` takes them as its third argument.
 * Rejects (the caller turns it into an error value) when the file cannot be read.
 */
export async function trustOptions(caFile: string): Promise<object> {
  const { readFile } = await import('node:fs/promises');
  return { ca: await readFile(caFile) };
}

/** Whether the global WebSocket is the `ws` installed here, which takes options (`generateMask`). */
export function takesSocketOptions(): boolean {
  return wsInstalled;
}
