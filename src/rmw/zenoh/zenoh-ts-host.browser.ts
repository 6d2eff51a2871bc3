/**
 * The browser side of zenoh-ts-host.ts: a page has a global WebSocket, and the bundler loads
 * zenoh-ts's wasm (scripts/vite-rclts-browser.mjs), so there is nothing to prepare.
 */
export async function prepareHost(): Promise<void> {}

/** A page cannot pick a CA for its WebSockets: the browser checks wss certificates against the system's trust. */
export async function trustOptions(caFile: string): Promise<object> {
  throw new Error(
    `a CA file (${caFile}) cannot be used in a browser: it checks a wss router's certificate against the system's trust store; install the CA there instead`,
  );
}

/** A page's WebSocket takes no options: it masks every frame, as browsers must. */
export function takesSocketOptions(): boolean {
  return false;
}
