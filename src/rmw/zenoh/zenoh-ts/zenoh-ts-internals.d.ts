// zenoh-ts's session_inner module is not in its package `exports`; the browser build's bundler
// resolves it beside the package's index (scripts/vite-rclts-browser.mjs), Node by path.
declare module '@eclipse-zenoh/zenoh-ts/dist/session_inner.js' {
  export const SessionInner: unknown;
}
