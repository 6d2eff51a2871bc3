import { QoS } from '../src/index.js';
import { BytesType, payloadOf } from './bytes-type.js';
import { must, openExecutor } from './harness/rclts.js';
const topics = Number(process.argv[2] ?? 1), per = Number(process.argv[3] ?? 10000), reps = Number(process.argv[4] ?? 60);
const exec = await openExecutor({ capacity: topics + 8 }, 'x');
const node = must(exec.createNode('p'), 'n');
let handled = 0;
const qos = QoS.default().keepLast(per * 2);
const pubs = [];
for (let i = 0; i < topics; i++) {
  must(node.createSubscription(BytesType, `/b/t${i}`, (m) => { handled += m.length > 0 ? 1 : 0; }, qos), 's');
  pubs.push(must(node.createPublisher(BytesType, `/b/t${i}`, qos), 'p'));
}
const payload = payloadOf(64);
const total = topics * per;
let best = Infinity;
const m0 = process.memoryUsage().heapUsed;
for (let r = 0; r < reps; r++) {
  handled = 0;
  const t0 = performance.now();
  for (let k = 0; k < per; k++) for (const p of pubs) must(p.publish(payload), 'pub');
  await new Promise((res) => setImmediate(res));
  while (handled < total) must(exec.spinSome(), 'spin');
  best = Math.min(best, performance.now() - t0);
}
console.log(`${topics}x${per}: best ${(best * 1e6 / total).toFixed(0)} ns per message (publish+dispatch)`);
await exec.shutdown();
process.exit(0);
