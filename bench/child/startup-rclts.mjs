/**
 * Start-up, rclts side: from process start to the first message delivered to a subscription
 * of this process, in-process (no --router) or through the router. `--entry` is what it loads:
 * the built package's src/index.js under plain node (what an installed package runs), or
 * src/index.ts under tsx (a source checkout). Sends `{ type: 'delivered', ms }`
 * (performance.now(): ms since the process started) and exits.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({
  options: { entry: { type: 'string' }, router: { type: 'string' }, topic: { type: 'string' } },
});
const fail = (message) => {
  process.send?.({ type: 'error', message });
  process.exit(1);
};
if (values.entry === undefined) fail('--entry (src/index.js of a build, or src/index.ts) is required');
const { Executor, std_msgs } = await import(pathToFileURL(values.entry).href);
const ex = await Executor.create(values.router === undefined ? {} : { router: values.router, connectBudgetMs: 20_000 });
if (!ex.ok) fail(ex.error.message);
const executor = ex.value;
const node = executor.createNode('startup');
if (!node.ok) fail(node.error.message);
let deliveredAt = 0;
const topic = values.topic ?? 'startup';
const sub = node.value.createSubscription(std_msgs.msg.String, topic, () => {
  deliveredAt ||= performance.now();
});
const pub = node.value.createPublisher(std_msgs.msg.String, topic);
if (!sub.ok || !pub.ok) fail('no publisher or subscription');
// Through a router the subscription is matched after a round trip: publish until one arrives.
const retry = setInterval(() => pub.value.publish({ data: 'hello' }), 5);
pub.value.publish({ data: 'hello' });
const waited = await executor.spinUntil(() => deliveredAt > 0, 20_000, 'first message');
clearInterval(retry);
if (!waited.ok) fail(waited.error.message);
process.send?.({ type: 'delivered', ms: deliveredAt });
await executor.shutdown();
process.exit(0);
