/**
 * Start-up, rclts side: from process start to the first message delivered to a subscription
 * of this process, in-process (no --router) or through the router. Sends
 * `{ type: 'delivered', ms }` (performance.now(): ms since the process started) and exits.
 */
import { parseArgs } from 'node:util';
import { Executor, std_msgs } from '../../src/index.js';

const { values } = parseArgs({ options: { router: { type: 'string' }, topic: { type: 'string' } } });
const fail = (message: string): never => {
  process.send?.({ type: 'error', message });
  process.exit(1);
};
const ex = await Executor.create(values.router === undefined ? {} : { router: values.router, connectBudgetMs: 20_000 });
if (!ex.ok) fail(ex.error.message);
const executor = ex.ok ? ex.value : fail('no executor');
const node = executor.createNode('startup');
if (!node.ok) fail(node.error.message);
const n = node.ok ? node.value : fail('no node');
let deliveredAt = 0;
const topic = values.topic ?? 'startup';
const sub = n.createSubscription(std_msgs.msg.String, topic, () => {
  deliveredAt ||= performance.now();
});
const pub = n.createPublisher(std_msgs.msg.String, topic);
if (!sub.ok || !pub.ok) fail('no publisher or subscription');
// Through a router the subscription is matched after a round trip: publish until one arrives.
const retry = setInterval(() => pub.ok && pub.value.publish({ data: 'hello' }), 5);
if (pub.ok) pub.value.publish({ data: 'hello' });
const waited = await executor.spinUntil(() => deliveredAt > 0, 20_000, 'first message');
clearInterval(retry);
if (!waited.ok) fail(waited.error.message);
process.send?.({ type: 'delivered', ms: deliveredAt });
await executor.shutdown();
process.exit(0);
