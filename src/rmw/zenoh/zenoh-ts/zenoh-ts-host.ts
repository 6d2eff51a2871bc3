/**
 * What Node >= 20 lacks to run `@eclipse-zenoh/zenoh-ts`, provided with no user-supplied flags
 * and no global changed.
 *
 * zenoh-ts's key-expression validator is a wasm-bindgen "bundler" build that imports a `.wasm`
 * file as an ES module, which Node 20 refuses without `--experimental-wasm-modules`: we install
 * a module-loading hook (from a data: URL, so nothing needs to be on disk or compiled) that
 * serves zenoh-ts's `.wasm` files as ES modules instantiating them. Sockets come from the `ws`
 * package, handed to zenoh-ts through rclts's own link (remote-link.ts), so no global
 * `WebSocket` is defined or wrapped. The browser build replaces this file with
 * zenoh-ts-host.browser.ts.
 */
import type { BrowserStyleSocketClass } from './session-socket.js';

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

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/**
 * Makes the host able to import zenoh-ts; a no-op outside Node. The hook serves only files
 * ending in `.wasm` under a path naming zenoh and passes every other module on; Node has no way
 * to take a registered hook back, so it stays for the life of the process.
 */
export async function prepareHost(): Promise<void> {
  if (!isNode()) return;
  const nodeModule = await import('node:module');
  if (typeof nodeModule.register === 'function') {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(WASM_HOOK)}`);
  }
}

/**
 * The WebSocket class the sessions' sockets are built from: `ws`'s, on every Node (it takes
 * TLS and masking options, and a global WebSocket, Node's own or the user's, is left alone).
 */
export async function socketClass(): Promise<BrowserStyleSocketClass> {
  const ws = await import('ws');
  return ws.WebSocket as unknown as BrowserStyleSocketClass;
}

/** `ws` takes options (`ca`, `generateMask`) as its third argument. */
export function takesSocketOptions(): boolean {
  return true;
}

/**
 * zenoh-ts's dist/session_inner.js, the same module instance its index imports. It is not in
 * the package's `exports`, so it is found on disk beside the package the way Node looks
 * packages up (each node_modules from here to the root) and imported by its real path.
 */
export async function sessionInnerModule(): Promise<unknown> {
  const { createRequire } = await import('node:module');
  const { existsSync, realpathSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const dirs = createRequire(import.meta.url).resolve.paths(ZENOH_TS) ?? [];
  for (const dir of dirs) {
    const file = join(dir, ZENOH_TS, 'dist', 'session_inner.js');
    if (existsSync(file)) return import(pathToFileURL(realpathSync(file)).href);
  }
  throw new Error(`${ZENOH_TS}/dist/session_inner.js not found beside rclts`);
}

const ZENOH_TS = '@eclipse-zenoh/zenoh-ts';

/**
 * The WebSocket options that make a `wss/` router's certificate checked against the CA in
 * `caFile` (PEM) instead of Node's default roots: `ws` takes them as its third argument.
 * Rejects (the caller turns it into an error value) when the file cannot be read.
 */
export async function trustOptions(caFile: string): Promise<object> {
  const { readFile } = await import('node:fs/promises');
  return { ca: await readFile(caFile) };
}
