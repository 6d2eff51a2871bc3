/**
 * Start-up, bare zenoh-ts side: what a Node script does without rclts, under plain node (run
 * with --experimental-wasm-modules, `ws` as the global WebSocket, `Session.open`, a subscriber
 * and puts on one key), from process start to the first sample delivered through the router.
 * Sends `{ type: 'delivered', ms }` (ms since the process started) and exits.
 */
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const { values } = parseArgs({ options: { router: { type: 'string' }, topic: { type: 'string' } } });
// A script of its own may set the global; the library never does.
globalThis.WebSocket = WebSocket;
const { Config, Session } = await import('@eclipse-zenoh/zenoh-ts');
const session = await Session.open(new Config(values.router ?? 'ws/127.0.0.1:10000'));
const key = `startup_bare/${values.topic ?? process.pid}`;
let deliveredAt = 0;
let delivered = () => {};
const arrived = new Promise((resolve) => {
  delivered = resolve;
});
await session.declareSubscriber(key, {
  handler: () => {
    deliveredAt ||= performance.now();
    delivered();
  },
});
const payload = new TextEncoder().encode('hello');
const put = () => void session.put(key, payload).catch(() => undefined);
const retry = setInterval(put, 5);
put();
const timeout = setTimeout(() => {
  process.send?.({ type: 'error', message: 'no sample within 20000 ms' });
  process.exit(1);
}, 20_000);
await arrived;
clearInterval(retry);
clearTimeout(timeout);
process.send?.({ type: 'delivered', ms: deliveredAt });
process.exit(0);
