/**
 * Benchmark 3: the executor alone, over the in-process backend (no router, no sockets).
 * - Dispatch rate: 100 subscriptions with 100 queued messages each (100 per round), and one
 *   subscription with 10 000 (one per round), published then drained by spinSome() rounds, by
 *   spinAll(budget) calls and by spin(). The judged baseline is the floor of any
 *   queue-then-dispatch with no executor at all: plain arrays of sample objects drained one per
 *   topic per round, with the copy per message that publish owes its caller (and, beside it,
 *   without the copy). Publishing (filling the queues) is timed with the drain on both sides.
 *   Calling the handlers from an array and Node's EventEmitter (emit per message: no queue, no
 *   copy, no fairness) are printed as information.
 * - Round cost: one guard condition triggered and dispatched by spinSome() while 1, 100 or
 *   10 000 idle subscriptions are registered; the 10 000 case against the 1-entry case.
 */
import { EventEmitter } from 'node:events';
import { type Executor, type MessageInfo, type Publisher, QoS } from '../src/index.js';
import { BytesType, payloadOf } from './bytes-type.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import type { Figure, Target } from './harness/results.js';

const BENCH = 'executor (in-process)';
/** How the drained messages are spread: many entries with a few each, or one entry with many (a round per message). */
interface Shape {
  readonly topics: number;
  readonly perTopic: number;
}
const SHAPES: readonly Shape[] = [
  { topics: 100, perTopic: 100 },
  { topics: 1, perTopic: 10_000 },
];
const ROUND_TARGET = { op: '<=', bound: 1.5, text: '≤ 1.5x 1-entry' } as const;
const SPIN_TARGET = { op: '>=', bound: 0.7, text: '≥ 0.7x floor' } as const;
/** spinSome() and spinAll() hand control back between calls (a host loop's verbs): a looser bound. */
const DRAIN_TARGET = { op: '>=', bound: 0.5, text: '≥ 0.5x floor' } as const;
/** Drains of one subject per dispatch sample (see benchDispatch). */
const DRAINS_PER_SAMPLE = 6;
/** The budget of each spinAll() call of the budgeted drain: a host loop's share of a 60 Hz frame. */
const SPIN_ALL_BUDGET_MS = 4;

function flushMicrotasks(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}

interface DispatchRig {
  readonly exec: Executor;
  readonly publishers: Publisher<Uint8Array>[];
  readonly shape: Shape;
  handled: number;
  target: number;
}

async function dispatchRig(shape: Shape): Promise<DispatchRig> {
  const { topics, perTopic } = shape;
  const exec = await openExecutor({ capacity: topics + 8 }, 'dispatch executor');
  const node = must(exec.createNode('bench_dispatch'), 'dispatch node');
  const rig: DispatchRig = { exec, publishers: [], shape, handled: 0, target: Number.POSITIVE_INFINITY };
  const qos = QoS.default().keepLast(perTopic * 2);
  for (let i = 0; i < topics; i++) {
    must(
      node.createSubscription(
        BytesType,
        `/bench/dispatch/t${i}`,
        (m) => {
          rig.handled += m.length > 0 ? 1 : 0;
          if (rig.handled >= rig.target) exec.cancel();
        },
        qos,
      ),
      `subscription t${i}`,
    );
    rig.publishers.push(must(node.createPublisher(BytesType, `/bench/dispatch/t${i}`, qos), `publisher t${i}`));
  }
  return rig;
}

/** The publications of one drain, in a function of their own (see drainBySpinSome). */
function publishAll(rig: DispatchRig, payload: Uint8Array): void {
  for (let k = 0; k < rig.shape.perTopic; k++) for (const p of rig.publishers) must(p.publish(payload), 'publish');
}

/** Publishes, then lets the in-process bus deliver. */
async function fill(rig: DispatchRig, payload: Uint8Array): Promise<void> {
  publishAll(rig, payload);
  await flushMicrotasks();
}

// Every timed loop is a plain function of its own, called from the async subjects: V8 optimizes
// a hot loop inside an async function on stack and, at the first statement after it that has no
// type feedback yet, throws the code away; that happened at every call, and it also slowed
// whichever rclts subject ran next (its publishes and deliveries ran up to ten times slower).

function drainBySpinSome(rig: DispatchRig, total: number): void {
  while (rig.handled < total) must(rig.exec.spinSome(), 'spinSome');
}

function drainBySpinAll(rig: DispatchRig, total: number): void {
  while (rig.handled < total) must(rig.exec.spinAll(SPIN_ALL_BUDGET_MS), 'spinAll');
}

type Handler = (m: Uint8Array, i: MessageInfo) => void;

function callDirect(
  handlers: readonly Handler[],
  messages: readonly (readonly Uint8Array[])[],
  info: MessageInfo,
): void {
  const topics = handlers.length;
  const perTopic = messages[0]?.length ?? 0;
  for (let k = 0; k < perTopic; k++) for (let i = 0; i < topics; i++) handlers[i]!(messages[i]![k]!, info);
}

function emitAll(
  ee: EventEmitter,
  names: readonly string[],
  messages: readonly (readonly Uint8Array[])[],
  info: MessageInfo,
): void {
  const topics = names.length;
  const perTopic = messages[0]?.length ?? 0;
  for (let k = 0; k < perTopic; k++) for (let i = 0; i < topics; i++) ee.emit(names[i]!, messages[i]![k]!, info);
}

/** handlers/s of one drain of topics x perTopic messages. */
type Drain = () => Promise<number>;

function drains(rig: DispatchRig, payload: Uint8Array): Record<string, Drain> {
  const { topics, perTopic } = rig.shape;
  const total = topics * perTopic;
  const info: MessageInfo = {
    key: 'k',
    receivedAtMs: 0,
    sequenceNumber: undefined,
    sourceTimestampNs: undefined,
    publisherGid: undefined,
  };
  let sink = 0;
  const handlers = Array.from({ length: topics }, () => (m: Uint8Array, _i: MessageInfo) => {
    sink += m.length > 0 ? 1 : 0;
  });
  const messages = Array.from({ length: topics }, () => Array.from({ length: perTopic }, () => payload));
  // Event names made once, as any user of an EventEmitter does: building `t${i}` per emit
  // made this baseline 3-4x slower than EventEmitter itself (measured 2026-12-01).
  const names = Array.from({ length: topics }, (_, i) => `t${i}`);
  const ee = new EventEmitter();
  for (let i = 0; i < topics; i++) ee.on(names[i]!, handlers[i]!);
  return {
    'rclts spinSome': async () => {
      rig.handled = 0;
      rig.target = Number.POSITIVE_INFINITY;
      const t0 = performance.now();
      await fill(rig, payload);
      drainBySpinSome(rig, total);
      return total / ((performance.now() - t0) / 1000);
    },
    [`rclts spinAll(${SPIN_ALL_BUDGET_MS} ms)`]: async () => {
      rig.handled = 0;
      rig.target = Number.POSITIVE_INFINITY;
      const t0 = performance.now();
      await fill(rig, payload);
      drainBySpinAll(rig, total);
      return total / ((performance.now() - t0) / 1000);
    },
    'rclts spin': async () => {
      rig.handled = 0;
      rig.target = total;
      const t0 = performance.now();
      await fill(rig, payload);
      must(await rig.exec.spin(), 'spin');
      if (rig.handled < total) throw new Error(`spin returned after ${rig.handled}/${total} handlers`);
      return total / ((performance.now() - t0) / 1000);
    },
    'direct array call': async () => {
      const t0 = performance.now();
      callDirect(handlers, messages, info);
      const dt = performance.now() - t0;
      if (sink < 0) throw new Error('unreachable');
      return total / (dt / 1000);
    },
    // What any queue-then-dispatch costs, with nothing of an executor: each message queued per
    // topic as a sample object, drained one per topic per round (the fairness rule). With the
    // copy the contract asks for, and without it: the ceiling an executor can reach.
    'bare queue + copy (floor)': async () => drainBareQueue(handlers, messages, true, info),
    'bare queue, no copy (floor)': async () => drainBareQueue(handlers, messages, false, info),
    'Node EventEmitter': async () => {
      const t0 = performance.now();
      emitAll(ee, names, messages, info);
      return total / ((performance.now() - t0) / 1000);
    },
  };
}

interface BareSample {
  readonly payload: Uint8Array;
  readonly seq: number;
}

/** handlers/s of the bare queue: fill every topic's queue, then rounds of one message per topic. */
function drainBareQueue(
  handlers: ReadonlyArray<(m: Uint8Array, i: MessageInfo) => void>,
  messages: ReadonlyArray<ReadonlyArray<Uint8Array>>,
  copy: boolean,
  info: MessageInfo,
): number {
  const topics = handlers.length;
  const perTopic = messages[0]?.length ?? 0;
  const t0 = performance.now();
  const queues: BareSample[][] = Array.from({ length: topics }, () => []);
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

async function benchDispatch(bc: BenchContext, shape: Shape): Promise<void> {
  const { rec, mode } = bc;
  const { topics, perTopic } = shape;
  const reps = byMode(mode, 15, 60);
  let rig: DispatchRig | undefined;
  const rates = new Map<string, number[]>();
  try {
    await rec.runCase(
      BENCH,
      `dispatch rate: ${topics} subscription(s) x ${perTopic} messages, ${reps} samples of ${DRAINS_PER_SAMPLE} drains per subject`,
      60_000,
      async (ctx) => {
        rig = await dispatchRig(shape);
        const all = drains(rig, payloadOf(64));
        const names = Object.keys(all);
        for (const n of names) rates.set(n, []);
        for (let w = 0; w < 3; w++) for (const n of names) await all[n]!();
        for (let r = 0; r < reps && !ctx.signal.aborted; r++) {
          for (const n of rotated(names, r)) {
            // A host turn first, untimed: the GC work V8 defers to a task (a scavenge job,
            // marking steps) after the synchronous subjects would otherwise run inside the next
            // rclts subject's timed delivery hop and be charged to it.
            await flushMicrotasks();
            // One sample is DRAINS_PER_SAMPLE drains back to back: a young-generation
            // collection comes every few drains, and with one drain a sample it fell on
            // whichever subject's turn it was (the same one, round after round), making that
            // subject's median bimodal. Over a block each subject pays for the collections its
            // own allocation brings.
            let seconds = 0;
            for (let d = 0; d < DRAINS_PER_SAMPLE; d++) seconds += 1 / (await all[n]!());
            rates.get(n)!.push(DRAINS_PER_SAMPLE / seconds);
          }
        }
      },
    );
  } finally {
    await shutdownExecutor(rig?.exec);
  }
  const fig = new Map<string, Figure>();
  for (const [n, samples] of rates) {
    if (samples.length > 0)
      fig.set(
        n,
        rec.measure({
          bench: BENCH,
          case: `dispatch ${topics}x${perTopic}`,
          subject: n,
          metric: 'handlers/s',
          unit: 'msg/s',
          samples,
        }),
      );
  }
  const FLOOR = 'bare queue + copy (floor)';
  const SPIN_ALL = `rclts spinAll(${SPIN_ALL_BUDGET_MS} ms)`;
  const rows: ReadonlyArray<readonly [string, string, Target | undefined]> = [
    ['rclts spin', FLOOR, SPIN_TARGET],
    ['rclts spinSome', FLOOR, DRAIN_TARGET],
    [SPIN_ALL, FLOOR, DRAIN_TARGET],
    ['rclts spin', 'Node EventEmitter', undefined],
    ['rclts spinSome', 'Node EventEmitter', undefined],
    ['rclts spinSome', 'direct array call', undefined],
    [FLOOR, 'Node EventEmitter', undefined],
    ['bare queue, no copy (floor)', 'Node EventEmitter', undefined],
  ];
  for (const [mine, base, target] of rows) {
    const f = fig.get(mine);
    if (f === undefined) continue;
    rec.compare({
      bench: BENCH,
      case: `dispatch, ${topics}x${perTopic} queued`,
      metric: 'handlers/s',
      better: 'higher',
      subject: mine,
      figure: f,
      baselineSubject: base,
      baseline: fig.get(base),
      ...(target !== undefined ? { target } : {}),
    });
  }
}

interface RoundRig {
  readonly exec: Executor;
  /** ns per round, averaged over `count` rounds */
  run(count: number): number;
  fired(): number;
}

async function roundRig(n: number): Promise<RoundRig> {
  const exec = await openExecutor({ capacity: n + 8 }, `round-cost executor (${n} idle)`);
  try {
    const node = must(exec.createNode('bench_rounds'), 'round-cost node');
    for (let i = 0; i < n; i++)
      must(
        node.createSubscription(BytesType, `/bench/idle/s${i}`, () => undefined),
        `idle subscription ${i}`,
      );
    let fired = 0;
    const gc = must(
      node.createGuardCondition(() => {
        fired += 1;
      }),
      'guard condition',
    );
    await flushMicrotasks();
    return {
      exec,
      fired: () => fired,
      run: (count) => {
        const t0 = performance.now();
        for (let i = 0; i < count; i++) {
          gc.trigger();
          exec.spinSome();
        }
        return ((performance.now() - t0) * 1e6) / count;
      },
    };
  } catch (e) {
    await shutdownExecutor(exec);
    throw e;
  }
}

async function benchRoundCost(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const rounds = byMode(mode, 10_000, 50_000);
  const reps = byMode(mode, 21, 61);
  const sizes = [1, 100, 10_000] as const;
  const rigs = new Map<number, RoundRig>();
  const samples = new Map<number, number[]>(sizes.map((n) => [n, []]));
  try {
    await rec.runCase(
      BENCH,
      `round cost: 1 / 100 / 10 000 idle subscriptions + 1 ready guard condition, ${reps}x${rounds} rounds each, interleaved`,
      90_000,
      async (ctx) => {
        for (const n of sizes) rigs.set(n, await roundRig(n));
        for (const n of sizes) rigs.get(n)!.run(rounds);
        for (let r = 0; r < reps && !ctx.signal.aborted; r++) {
          for (const n of rotated(sizes, r)) samples.get(n)!.push(rigs.get(n)!.run(rounds));
        }
        for (const n of sizes)
          if (rigs.get(n)!.fired() === 0) throw new Error(`${n} idle: the guard condition never fired`);
      },
    );
  } finally {
    for (const rig of rigs.values()) await shutdownExecutor(rig.exec);
  }
  const figs = new Map<number, Figure>();
  for (const n of sizes) {
    const xs = samples.get(n)!;
    if (xs.length === 0) continue;
    const f = rec.measure({
      bench: BENCH,
      case: `${n} idle`,
      subject: 'rclts trigger+spinSome',
      metric: 'ns per round',
      unit: 'ns',
      samples: xs,
    });
    figs.set(n, f);
    rec.log(
      `  ${n} idle: ${f.value.toFixed(0)} ns per round (min ${f.summary?.min.toFixed(0)}, max ${f.summary?.max.toFixed(0)})`,
    );
  }
  for (const n of [100, 10_000]) {
    const f = figs.get(n);
    if (f === undefined) continue;
    rec.compare({
      bench: BENCH,
      case: `round, ${n.toLocaleString('en')} idle + 1 ready`,
      metric: 'time per round',
      better: 'lower',
      subject: 'rclts trigger+spinSome',
      figure: f,
      baselineSubject: '1 idle + 1 ready',
      baseline: figs.get(1),
      ...(n === 10_000 ? { target: ROUND_TARGET } : {}),
    });
  }
}

export async function benchExecutor(bc: BenchContext): Promise<void> {
  for (const shape of SHAPES) await benchDispatch(bc, shape);
  await benchRoundCost(bc);
}
