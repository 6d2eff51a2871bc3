import { writeHeapSnapshot } from 'node:v8';
import { openRmwSession } from '../src/rmw/open-rmw-session.js';
import { createExecutorOnSession } from '../src/rclcpp/executor.js';
import { BytesType } from './bytes-type.js';
const n = Number(process.argv[2] ?? 10000);
const gc = (globalThis as { gc?: () => void }).gc!;
const session = await openRmwSession({ backend: 'local', domainId: 0, connectBudgetMs: 20_000 });
if (!session.ok) throw new Error('s');
const e = createExecutorOnSession(session.value, { capacity: n + 16 });
if (!e.ok) throw new Error('e');
const node = e.value.createNode('bench_memory', { naming: 'raw' });
if (!node.ok) throw new Error('n');
const keep: unknown[] = [];
const onMessage = (): void => undefined;
const settle = async () => { for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); gc(); } };
await settle();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < n; i++) {
  const r = node.value.createSubscription(BytesType, `rclts_bench/mem/${process.pid}/s${i}`, onMessage);
  if (!r.ok) throw new Error(r.error.message);
  keep.push(r.value);
}
await settle();
const after = process.memoryUsage().heapUsed;
console.log(`per subscription: ${((after - before) / n).toFixed(0)} B`);
if (process.argv[3] === 'snap') console.log(writeHeapSnapshot('/tmp/perf-sub.heapsnapshot'));
process.exit(0);
