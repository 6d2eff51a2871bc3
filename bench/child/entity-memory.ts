/**
 * Child process of the memory benchmark (started with --expose-gc): registers N entities of
 * one kind and reports the heap growth per entity, measured after full collections. One
 * configuration per process so that nothing else lives on the heap.
 *
 * argv: <kind: subscription | client | emitter | raw-subscriber> <backend: local | zenoh> <N> [router locator]
 */
import { EventEmitter } from 'node:events';
import type { Sample } from '@eclipse-zenoh/zenoh-ts';
import { type Executor, ok, type Result } from '../../src/index.js';
import { createExecutorOnSession } from '../../src/rclcpp/executor.js';
import { openRmwSession } from '../../src/rmw/open-rmw-session.js';
import type { RmwNode, RmwSession } from '../../src/rmw/rmw.js';
import { setRequestTimeout } from '../../src/rmw/zenoh/zenoh-ts/plugin-request.js';
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

/**
 * The session as is, except that every subscriber and client its nodes create hands its
 * `ready()` to `declared`: the rclcpp handles do not expose it, and the reading must wait for
 * each declaration rather than for one ping that the declaration window does not hold back.
 */
function watchDeclarations(session: RmwSession, declared: Promise<Result>[]): RmwSession {
  const watchNode = (node: RmwNode): RmwNode => ({
    info: node.info,
    createPublisher: (spec) => node.createPublisher(spec),
    createSubscriber: (spec, onSample) => {
      const r = node.createSubscriber(spec, onSample);
      if (r.ok) declared.push(r.value.ready());
      return r;
    },
    createServiceServer: (spec, onRequest) => node.createServiceServer(spec, onRequest),
    createServiceClient: (spec, onReply) => {
      const r = node.createServiceClient(spec, onReply);
      if (r.ok) declared.push(r.value.ready());
      return r;
    },
    close: () => node.close(),
  });
  return {
    backend: session.backend,
    domainId: session.domainId,
    sessionId: session.sessionId,
    graph: session.graph,
    createNode: (info) => {
      const r = session.createNode(info);
      return r.ok ? ok(watchNode(r.value)) : r;
    },
    ping: (budgetMs) => session.ping(budgetMs),
    isConnected: () => session.isConnected(),
    batchWrites: (fn) => session.batchWrites(fn),
    onEvent: (listener) => session.onEvent(listener),
    close: () => session.close(),
  };
}

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
    const session = await openRmwSession({
      backend: backend === 'zenoh' ? 'zenoh' : 'local',
      router: locator,
      domainId: 0,
      connectBudgetMs: 20_000,
    });
    if (!session.ok) throw new Error(`open session: ${session.error.message}`);
    const declared: Promise<Result>[] = [];
    const e = createExecutorOnSession(watchDeclarations(session.value, declared), { capacity: n + 16 });
    if (!e.ok) throw new Error(`createExecutorOnSession: ${e.error.message}`);
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
      const outcomes = await Promise.all(declared);
      declared.length = 0;
      const failed = outcomes.filter((o) => !o.ok).length;
      if (failed > 0) throw new Error(`${failed} of ${outcomes.length} declarations failed`);
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
