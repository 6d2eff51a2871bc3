/**
 * Child process of the memory benchmark (started with --expose-gc): registers N entities of
 * one kind and reports the heap growth per entity, measured after full collections. One
 * configuration per process so that nothing else lives on the heap.
 *
 * argv: <kind: subscription | client | emitter | raw-subscriber> <backend: local | zenoh> <N> [router locator]
 */
import { EventEmitter } from 'node:events';
import type { Sample } from '@eclipse-zenoh/zenoh-ts';
import type { Executor } from '../../src/rclcpp/api.js';
import { Executor as ExecutorFactory } from '../../src/rclcpp/executor.js';
import { setRequestTimeout } from '../../src/rmw/zenoh/session-internals.js';
import { BytesServiceType, BytesType } from '../bytes-type.js';
import { openRawSession } from '../harness/router.js';

const RAW_BATCH = 100;
const gc = (globalThis as { gc?: () => void }).gc;

function send(message: unknown): void {
  process.send?.(message);
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc?.();
  }
}

function heap(): number {
  return process.memoryUsage().heapUsed;
}

/** Keeps what was registered reachable until after the second heap reading. */
const keep: unknown[] = [];

async function main(): Promise<void> {
  const [kind, backend, nArg, locator] = process.argv.slice(2);
  const n = Number(nArg);
  if (gc === undefined) throw new Error('run with --expose-gc');
  if (!Number.isInteger(n) || n < 1) throw new Error(`N must be a positive integer, got ${nArg}`);
  if (backend === 'zenoh' && locator === undefined) throw new Error('zenoh backend needs a router locator');

  let exec: Executor | undefined;
  let declare: (i: number) => void | Promise<void>;
  let ready: () => Promise<void> = async () => undefined;
  if (kind === 'emitter') {
    const ee = new EventEmitter();
    ee.setMaxListeners(0);
    keep.push(ee);
    const handler = (): void => undefined;
    declare = (i) => {
      ee.on(`/bench/mem/s${i}`, handler);
    };
  } else if (kind === 'raw-subscriber') {
    const session = await openRawSession(locator!, 20_000);
    // zenoh-ts's 500 ms answer budget fails under 10 000 concurrent declarations; this figure is
    // about memory, so give the plugin all the time it needs.
    setRequestTimeout(session, 100_000);
    keep.push(session);
    const handler = (_s: Sample): void => undefined;
    // Declared concurrently (as rclts does): one at a time would wait out a round trip each.
    const pending: Promise<unknown>[] = [];
    declare = async (i) => {
      pending.push(session.declareSubscriber(`rclts_bench/mem/${process.pid}/s${i}`, { handler }));
      if (pending.length >= RAW_BATCH) {
        keep.push(...(await Promise.all(pending)));
        pending.length = 0;
      }
    };
    ready = async () => {
      keep.push(...(await Promise.all(pending)));
      pending.length = 0;
    };
  } else {
    const e = await ExecutorFactory.create({
      capacity: n + 16,
      connectBudgetMs: 20_000,
      ...(backend === 'zenoh' ? { router: locator! } : {}),
    });
    if (!e.ok) throw new Error(`Executor.create: ${e.error.message}`);
    exec = e.value;
    const node = exec.createNode('bench_memory', { naming: 'raw' });
    if (!node.ok) throw new Error(`createNode: ${node.error.message}`);
    const prefix = `rclts_bench/mem/${process.pid}`;
    const onMessage = (): void => undefined;
    const onResponse = (): void => undefined;
    if (kind === 'subscription') {
      declare = (i) => {
        const r = node.value.createSubscription(BytesType, `${prefix}/s${i}`, onMessage);
        if (!r.ok) throw new Error(`createSubscription ${i}: ${r.error.message}`);
        keep.push(r.value);
      };
    } else if (kind === 'client') {
      declare = (i) => {
        const r = node.value.createClient(BytesServiceType, `${prefix}/c${i}`, onResponse);
        if (!r.ok) throw new Error(`createClient ${i}: ${r.error.message}`);
        keep.push(r.value);
      };
    } else {
      throw new Error(`unknown kind '${kind}'`);
    }
    // The zenoh backend declares asynchronously: wait until the router has every entity, so
    // the reading includes what a live entity holds rather than a queue of pending work.
    ready = async () => {
      if (exec !== undefined) await exec.ping(10_000);
    };
  }
  await settle();
  const before = heap();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await declare(i);
  await ready();
  const createMs = performance.now() - t0;
  await settle();
  const after = heap();
  send({
    type: 'result',
    kind,
    backend,
    n,
    before,
    after,
    perEntity: (after - before) / n,
    createMs,
    kept: keep.length,
  });
  if (exec !== undefined) await Promise.race([exec.shutdown(), new Promise((r) => setTimeout(r, 3000))]);
  process.exit(0);
}

void main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  process.exit(1);
});
