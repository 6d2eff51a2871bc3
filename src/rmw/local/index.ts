/** The in-process rmw backend: rclts's embedded default, no router. */
export { defaultLocalBus, LocalBus } from './local-bus.js';
export type { LocalSessionOptions } from './local-session.js';
export { openLocalSession } from './local-session.js';
