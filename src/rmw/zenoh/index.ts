/**
 * The zenoh rmw backend: rclts's middleware seam over zenoh-ts and a real zenoh router
 * (remote-api plugin), rmw_zenoh-compatible on the wire for `ros` naming.
 */

export type { RouterTls } from '../router-locator.js';
export { MAX_PAYLOAD_BYTES } from './session-context.js';
export type { ZenohRmwSessionOptions } from './zenoh-rmw-session.js';
export { frameFallbacksOf, MAX_DOMAIN_ID, openZenohRmwSession } from './zenoh-rmw-session.js';
