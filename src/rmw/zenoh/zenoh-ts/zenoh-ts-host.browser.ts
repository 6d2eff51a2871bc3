/**
 * The browser side of zenoh-ts-host.ts: a page has a global WebSocket (only read, never
 * replaced), and the bundler loads zenoh-ts's wasm and its session_inner module
 * (scripts/vite-rclts-browser.mjs), so there is nothing to prepare.
 */
import type { BrowserStyleSocketClass } from './session-socket.js';

export async function prepareHost(): Promise<void> {}

/** The page's own WebSocket class. */
export async function socketClass(): Promise<BrowserStyleSocketClass> {
  const ctor = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof ctor !== 'function') throw new Error('this runtime has no WebSocket');
  return ctor as BrowserStyleSocketClass;
}

/** A page's WebSocket takes no options: it masks every frame, as browsers must. */
export function takesSocketOptions(): boolean {
  return false;
}

/** zenoh-ts's dist/session_inner.js, which the bundler finds beside zenoh-ts's index (not in its `exports`). */
export async function sessionInnerModule(): Promise<unknown> {
  return import('@eclipse-zenoh/zenoh-ts/dist/session_inner.js');
}

/** A page cannot pick a CA for its WebSockets: the browser checks wss certificates against the system's trust. */
export async function trustOptions(caFile: string): Promise<object> {
  throw new Error(
    `a CA file (${caFile}) cannot be used in a browser: it checks a wss router's certificate against the system's trust store; install the CA there instead`,
  );
}
