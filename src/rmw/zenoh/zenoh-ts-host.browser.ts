/**
 * The browser side of zenoh-ts-host.ts: a page has a global WebSocket, and the bundler loads
 * zenoh-ts's wasm (scripts/vite-rclts-browser.mjs), so there is nothing to prepare.
 */
export async function prepareHost(): Promise<void> {}
