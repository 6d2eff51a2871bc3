import { type Executor, type Publisher, QoS } from '../src/index.js';
import { BytesType, payloadOf } from './bytes-type.js';
import { must, openExecutor } from './harness/rclts.js';

const flush = () => new Promise<void>((r) => setImmediate(r));
const topics = Number(process.argv[2] ?? 100), perTopic = Number(process.argv[3] ?? 100);
let handled = 0;
let target = Infinity;
async function main() {
  const exec: Executor = await openExecutor({ capacity: topics + 8 }, 'x');
  const node = must(exec.createNode('n'), 'node');
  const qos = QoS.default().keepLast(perTopic * 2);
  const pubs: Publisher<Uint8Array>[] = [];
  for (let i = 0; i < topics; i++) {
    must(node.createSubscription(BytesType, `/t${i}`, (m) => { handled += m.length > 0 ? 1 : 0; if (handled >= target) exec.cancel(); }, qos), 's');
    pubs.push(must(node.createPublisher(BytesType, `/t${i}`, qos), 'p'));
  }
  const payload = payloadOf(64);
  const total = topics * perTopic;
  function publishAll() { for (let k = 0; k < perTopic; k++) for (const p of pubs) must(p.publish(payload), 'pub'); }
  function drainSome() { while (handled < total) must(exec.spinSome(), 's'); }
  function drainAll() { while (handled < total) must(exec.spinAll(4), 's'); }
  const verbs: Record<string, () => Promise<[number, number, number]>> = {
    some: async () => { handled = 0; target = Infinity; const t0 = performance.now(); publishAll(); const t1 = performance.now(); await flush(); const t2 = performance.now(); drainSome(); const t3 = performance.now(); return [t1 - t0, t2 - t1, t3 - t2]; },
    all: async () => { handled = 0; target = Infinity; const t0 = performance.now(); publishAll(); const t1 = performance.now(); await flush(); const t2 = performance.now(); drainAll(); const t3 = performance.now(); return [t1 - t0, t2 - t1, t3 - t2]; },
    spin: async () => { handled = 0; target = total; const t0 = performance.now(); publishAll(); const t1 = performance.now(); await flush(); const t2 = performance.now(); must(await exec.spin(), 'spin'); const t3 = performance.now(); return [t1 - t0, t2 - t1, t3 - t2]; },
  };
  const handlers = Array.from({ length: topics }, () => (m: Uint8Array) => { handled += m.length > 0 ? 1 : 0; });
  const messages = Array.from({ length: topics }, () => Array.from({ length: perTopic }, () => payload));
  (verbs as any).floor = async () => {
    handled = 0; const t0 = performance.now();
    const queues: { payload: Uint8Array; seq: number }[][] = Array.from({ length: topics }, () => []);
    for (let k = 0; k < perTopic; k++) for (let i = 0; i < topics; i++) queues[i]!.push({ payload: new Uint8Array(messages[i]![k]!), seq: k });
    const heads = new Array<number>(topics).fill(0);
    let left = total;
    while (left > 0) for (let i = 0; i < topics; i++) { const q = queues[i]!; const h = heads[i]!; if (h >= q.length) continue; handlers[i]!(q[h]!.payload); heads[i] = h + 1; left--; }
    return [performance.now() - t0, 0, 0];
  };
  const info = { key: 'k', receivedAtMs: 0, sequenceNumber: undefined, sequenceNumber2: undefined, publisherGid: undefined };
  let sink = 0;
  const handlers2 = Array.from({ length: topics }, () => (m: Uint8Array, _i: unknown) => { sink += m.length > 0 ? 1 : 0; });
  (verbs as any).benchfloor = async () => [1000 * total / drainBareQueue(handlers2, messages, true, info), 0, 0];
  (verbs as any).benchfloorNoCopy = async () => [1000 * total / drainBareQueue(handlers2, messages, false, info), 0, 0];
  const BLOCK = Number(process.argv[4] ?? 1);
  const sums: Record<string, number[]> = {};
  for (let r = 0; r < Number(process.env.REPS ?? 40); r++) {
    for (const n of Object.keys(verbs)) {
      await flush();
      let tot = 0;
      for (let b = 0; b < BLOCK; b++) { const [a, bb, c] = await verbs[n]!(); tot += a + bb + c; }
      if (r >= 5) (sums[n] ??= []).push(tot / BLOCK);
    }
  }
  for (const [n, v] of Object.entries(sums)) { v.sort((a, b) => a - b); const mean = v.reduce((a, b) => a + b, 0) / v.length; console.log(n, 'median', v[v.length >> 1]!.toFixed(3), 'mean', mean.toFixed(3), 'min', v[0]!.toFixed(3), 'max', v[v.length - 1]!.toFixed(3)); }
  process.exit(0);
  for (let r = 0; r < 30; r++) {
    for (const n of Object.keys(verbs)) {
      await flush();
      const [a, b, c] = await verbs[n]!();
      if (r >= 3) console.log(`${r} ${n.padEnd(5)} publish ${a.toFixed(2)} flush ${b.toFixed(2)} drain ${c.toFixed(2)} total ${(a + b + c).toFixed(2)} ms`);
    }
  }
  process.exit(0);
}
void main();

function drainBareQueue(
  handlers: ReadonlyArray<(m: Uint8Array, i: any) => void>,
  messages: ReadonlyArray<ReadonlyArray<Uint8Array>>,
  copy: boolean,
  info: any,
): number {
  const topics = handlers.length;
  const perTopic = messages[0]?.length ?? 0;
  const t0 = performance.now();
  const queues: { payload: Uint8Array; seq: number }[][] = Array.from({ length: topics }, () => []);
  for (let k = 0; k < perTopic; k++)
    for (let i = 0; i < topics; i++) {
      const m = messages[i]![k]!;
      queues[i]!.push({ payload: copy ? new Uint8Array(m) : m, seq: k });
    }
  const heads = new Array<number>(topics).fill(0);
  let left = topics * perTopic;
  while (left > 0)
    for (let i = 0; i < topics; i++) {
      const q = queues[i]!;
      const h = heads[i]!;
      if (h >= q.length) continue;
      handlers[i]!(q[h]!.payload, info);
      heads[i] = h + 1;
      left--;
    }
  return (topics * perTopic) / ((performance.now() - t0) / 1000);
}
