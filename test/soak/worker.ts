/**
 * One churn worker process (forked by the runner under tsx, IPC to it): an executor on its
 * router (the other router next in its failover list) with a few stable nodes carrying steady
 * traffic to the other workers (a stamped stream, echo requests, Fibonacci goals), and the
 * random churn of churn.ts around them. Reports counters, heap and events every few seconds.
 *
 * argv[2]: the WorkerConfig as JSON.
 */
import {
  CancelResponse,
  Executor,
  example_interfaces,
  GoalResponse,
  type Node,
  type Publisher,
  QoS,
} from '../../src/index.js';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { CallTracker } from './call-tracker.js';
import { Churn } from './churn.js';
import {
  EchoType,
  type Stamped,
  StampedType,
  type WorkerConfig,
  type WorkerCounters,
  type WorkerEvent,
} from './messages.js';
import { seededRandom } from './random.js';
import { StreamTracker } from './stream-tracker.js';

const Fibonacci = example_interfaces.action.Fibonacci;
const STREAM = '/soak/stream';
/** Keep-all, so that a slow spin under load queues samples rather than dropping them by QoS. */
const RELIABLE_ALL = QoS.default().keepAll();
const READY_BUDGET_MS = 120_000;
/**
 * How long a stable action server keeps a finished goal's result. rclcpp's 15 min default keeps
 * every goal of the last 15 minutes (about 360 a minute here, 1.4 KiB of heap each): a plateau
 * reached at minute 15 that a slope over a shorter run reads as a leak (docs/reliability.md).
 * A minute keeps the expiry path at work all run long.
 */
const STABLE_RESULT_TIMEOUT_MS = 60_000;
const gc = (globalThis as { gc?: () => void }).gc;

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig;
const events: WorkerEvent[] = [];
const counters: WorkerCounters = {
  entitiesCreated: 0,
  entitiesDestroyed: 0,
  byKind: {},
  createFailures: 0,
  published: 0,
  delivered: 0,
  requestsSent: 0,
  requestsAnsweredOk: 0,
  requestsAnsweredError: 0,
  requestsTwice: 0,
  requestsLate: 0,
  requestsLateByLag: 0,
  requestsMaxLateMs: 0,
  maxRequestOwnDelayMs: 0,
  requestsLateCodes: {},
  requestsUnanswered: 0,
  requestsAbandoned: 0,
  goalsSent: 0,
  goalsSucceeded: 0,
  goalsError: 0,
  goalsTwice: 0,
  goalsLate: 0,
  goalsLateByLag: 0,
  goalsMaxLateMs: 0,
  maxGoalOwnDelayMs: 0,
  goalsLateCodes: {},
  goalsUnanswered: 0,
  goalsAbandoned: 0,
  timerFires: 0,
  parameterChecks: 0,
  parameterMismatches: 0,
  handlerErrors: 0,
  queueDropped: 0,
  queueDroppedOther: 0,
  shutdownMs: 0,
  uncaughtExceptions: 0,
  unhandledRejections: 0,
  escapedMessages: [],
  maxEventLoopLagMs: 0,
  requestsArrivedAfterBudget: 0,
  maxRequestDelayMs: 0,
  maxSampleLatencyMs: 0,
};

function escaped(what: 'uncaughtExceptions' | 'unhandledRejections', e: unknown): void {
  counters[what] += 1;
  if (counters.escapedMessages.length < 10) counters.escapedMessages.push(`${what}: ${String(e)}`);
}
process.on('uncaughtException', (e) => escaped('uncaughtExceptions', e));
process.on('unhandledRejection', (e) => escaped('unhandledRejections', e));

const send = (m: unknown): void => {
  if (process.connected) process.send?.(m);
};
/** Set by 'stop': the worker disconnects itself once it has reported. */
let stopping = false;
// The runner gone (crashed, killed) with its IPC channel: nobody is left to report to or to
// stop this worker, which would churn on for as long as the host lets it.
process.on('disconnect', () => {
  if (!stopping) process.exit(2);
});
/** Event-loop stalls over 20 ms of the last minute: when each ended, and how long. */
const stalls: { atMs: number; lagMs: number }[] = [];
/**
 * How long this process's event loop was stalled between two instants: the sum of the stalls'
 * parts inside the span. An answer due at a deadline waits for every stall after it, not only
 * for the longest one (a CPU-starved process stalls many times in a row).
 */
function lagBetween(fromMs: number, toMs: number): number {
  let stalled = 0;
  for (const s of stalls) {
    const overlap = Math.min(s.atMs, toMs) - Math.max(s.atMs - s.lagMs, fromMs);
    if (overlap > 0) stalled += overlap;
  }
  return stalled;
}
const calls = new CallTracker(
  config.lateSlackMs,
  (what, code, sentMs, target) => events.push({ kind: 'failed-call', what, code, target, sentMs, atMs: Date.now() }),
  lagBetween,
);
const tag = `w${config.worker}g${config.generation}`;
const other = (w: number) => (w + 1) % config.workers;
const serviceName = (w: number, k: number) => `/soak/echo_w${w}_s${k}`;
const actionName = (w: number, k: number) => `/soak/fib_w${w}_s${k}`;

interface Stable {
  readonly node: Node;
  readonly pubId: string;
  readonly publisher: Publisher<Stamped>;
  readonly stream: StreamTracker;
  seq: number;
  call(): void;
  goal(): void;
  ready(): boolean;
  missing(): string[];
}

function must<T>(what: string, r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`${tag} ${what}: ${r.error.message}`);
  return r.value;
}

function makeStable(exec: Executor, k: number): Stable {
  const node = must('createNode', exec.createNode(`soak_${tag}_s${k}`, { namespace: '/soak' }));
  const stream = new StreamTracker(`${tag}s${k}`, (e) => events.push(e));
  const publisher = must('createPublisher', node.createPublisher(StampedType, STREAM, RELIABLE_ALL));
  must(
    'createSubscription',
    node.createSubscription(
      StampedType,
      STREAM,
      (m) => {
        counters.delivered += 1;
        counters.maxSampleLatencyMs = Math.max(counters.maxSampleLatencyMs, Date.now() - m.t);
        stream.receive(m);
      },
      RELIABLE_ALL,
    ),
  );
  must(
    'createService',
    node.createService(EchoType, serviceName(config.worker, k), (req) => {
      // Where a request that timed out was held: on its way in (seen here) or never delivered.
      const delay = Date.now() - req.t;
      counters.maxRequestDelayMs = Math.max(counters.maxRequestDelayMs, delay);
      if (delay > config.requestBudgetMs) counters.requestsArrivedAfterBudget += 1;
      return req;
    }),
  );
  must(
    'createActionServer',
    node.createActionServer(
      Fibonacci,
      actionName(config.worker, k),
      {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: (h) => {
          h.publishFeedback({ sequence: new Int32Array([0]) });
          h.succeed({ sequence: new Int32Array([0, 1, 1]) });
        },
      },
      { resultTimeoutMs: STABLE_RESULT_TIMEOUT_MS },
    ),
  );
  const target = other(config.worker);
  const client = must(
    'createClient',
    node.createClient(EchoType, serviceName(target, k), () => undefined, { requestBudgetMs: config.requestBudgetMs }),
  );
  const actions = must(
    'createActionClient',
    node.createActionClient(Fibonacci, actionName(target, k), {
      requestBudgetMs: config.goalBudgetMs,
      resultBudgetMs: config.goalBudgetMs,
    }),
  );
  let callSeq = 0;
  const s: Stable = {
    node,
    pubId: `${tag}p${k}`,
    publisher,
    stream,
    seq: 0,
    ready: () => {
      const a = client.serviceIsReady();
      const b = actions.actionServerIsReady();
      return a.ok && a.value && b.ok && b.value;
    },
    missing: () => {
      const a = client.serviceIsReady();
      const b = actions.actionServerIsReady();
      return [
        ...(a.ok && a.value ? [] : [serviceName(target, k)]),
        ...(b.ok && b.value ? [] : [actionName(target, k)]),
      ];
    },
    call: () => {
      const ready = client.serviceIsReady();
      if (!ready.ok || !ready.value) return;
      const id = calls.open('request', config.requestBudgetMs, true, serviceName(target, k));
      const sent = client.asyncSendRequest(
        { pub: s.pubId, seq: callSeq++, t: Date.now() },
        { onResponse: (res) => calls.answer(id, res.ok ? 'ok' : res.error.name) },
      );
      if (!sent.ok) calls.refused(id);
    },
    goal: () => {
      const ready = actions.actionServerIsReady();
      if (!ready.ok || !ready.value) return;
      // A goal's budget: acceptance, then its result, each within goalBudgetMs.
      const id = calls.open('goal', config.goalBudgetMs * 2, true, actionName(target, k));
      const sent = actions.sendGoal(
        { order: 2 },
        {
          goalResponse: (accepted) => {
            // An error also reaches the result handler (which answers it); a rejection does not.
            if (accepted.ok && !accepted.value) calls.answer(id, 'Rejected');
          },
          result: (res) => calls.answer(id, res.ok ? 'ok' : res.error.name),
        },
      );
      if (!sent.ok) calls.refused(id);
    },
  };
  return s;
}

function syncCounters(): void {
  const r = calls.tally.request;
  const g = calls.tally.goal;
  Object.assign(counters, {
    requestsSent: r.sent,
    requestsAnsweredOk: r.ok,
    requestsAnsweredError: r.error,
    requestsTwice: r.twice,
    requestsLate: r.late,
    requestsLateByLag: r.lateByLag,
    requestsMaxLateMs: r.maxLateMs,
    maxRequestOwnDelayMs: r.maxOwnDelayMs,
    requestsLateCodes: { ...r.lateCodes },
    requestsUnanswered: r.unanswered,
    requestsAbandoned: r.abandoned,
    goalsSent: g.sent,
    goalsSucceeded: g.ok,
    goalsError: g.error,
    goalsTwice: g.twice,
    goalsLate: g.late,
    goalsLateByLag: g.lateByLag,
    goalsMaxLateMs: g.maxLateMs,
    maxGoalOwnDelayMs: g.maxOwnDelayMs,
    goalsLateCodes: { ...g.lateCodes },
    goalsUnanswered: g.unanswered,
    goalsAbandoned: g.abandoned,
  });
}

let heapAfterGc: number | undefined;
/**
 * Diagnosis, not judging: SOAK_HEAP_SNAPSHOTS=<dir> makes worker 0 write a heap snapshot (after
 * a GC) at each minute of SOAK_HEAP_SNAPSHOT_MINUTES (default "5,25"), to diff what it retains.
 */
function heapSnapshots(worker: number): NodeJS.Timeout[] {
  const dir = process.env['SOAK_HEAP_SNAPSHOTS'];
  if (dir === undefined || worker !== 0) return [];
  const minutes = (process.env['SOAK_HEAP_SNAPSHOT_MINUTES'] ?? '5,25')
    .split(',')
    .map(Number)
    .filter((m) => m > 0);
  return minutes.map((m) =>
    setTimeout(() => {
      gc?.();
      const file = writeHeapSnapshot(join(dir, `w0-min${m}.heapsnapshot`));
      send({ type: 'progress', message: `${tag}: heap snapshot ${file}` });
    }, m * 60_000),
  );
}
function report(): void {
  calls.sweep();
  syncCounters();
  send({
    type: 'report',
    worker: config.worker,
    generation: config.generation,
    atMs: Date.now(),
    heapUsed: process.memoryUsage().heapUsed,
    heapAfterGc,
    counters,
    events: events.splice(0),
  });
}

async function main(): Promise<void> {
  const startedMs = Date.now();
  const random = seededRandom(config.seed * 1000 + config.worker * 31 + config.generation);
  // Setup, not judged: on a loaded machine loading zenoh-ts alone can take most of 20 s.
  const created = await Executor.create({ router: [...config.routers], connectBudgetMs: 60_000, capacity: 8192 });
  const exec = must('Executor.create', created);
  exec.onEvent((e) => {
    if (e.type === 'handler_error') {
      counters.handlerErrors += 1;
      if (counters.escapedMessages.length < 10)
        counters.escapedMessages.push(`handler_error ${e.entity}: ${String(e.error)}`);
    } else if (e.type === 'queue_overflow') {
      if (e.entity.includes(STREAM)) counters.queueDropped += e.dropped;
      else counters.queueDroppedOther += e.dropped;
    } else if (e.type === 'transport') events.push({ kind: 'transport', message: e.message, atMs: Date.now() });
  });
  const spinning = exec.spin();
  const stables = Array.from({ length: config.stableNodes }, (_, k) => makeStable(exec, k));
  const others = Array.from({ length: config.workers }, (_, w) => w).filter((w) => w !== config.worker);
  const churn = new Churn(
    exec,
    random,
    tag,
    calls,
    counters,
    {
      services: () => others.flatMap((w) => stables.map((_, k) => serviceName(w, k))),
      actions: () => others.flatMap((w) => stables.map((_, k) => actionName(w, k))),
    },
    { requestMs: config.requestBudgetMs, goalMs: config.goalBudgetMs },
  );

  // Traffic starts once every stable client sees its server (the other workers are up).
  const createdMs = Date.now();
  const readyBy = createdMs + READY_BUDGET_MS;
  while (!stables.every((s) => s.ready()) && Date.now() < readyBy) await new Promise((r) => setTimeout(r, 100));
  if (!stables.every((s) => s.ready())) {
    const missing = stables.flatMap((s) => s.missing()).join(', ');
    throw new Error(`${tag}: not visible ${READY_BUDGET_MS} ms after the executor opened: ${missing}`);
  }
  send({
    type: 'progress',
    message: `${tag}: executor open in ${createdMs - startedMs} ms, servers visible after ${Date.now() - createdMs} ms more`,
  });
  const timers: NodeJS.Timeout[] = [];
  let publishing = true;
  timers.push(
    setInterval(() => {
      if (!publishing) return;
      for (const s of stables) {
        const r = s.publisher.publish({ pub: s.pubId, seq: s.seq, t: Date.now() });
        // Refused while no router is connected: nothing went out, so the seq is not used.
        if (r.ok) {
          s.seq += 1;
          counters.published += 1;
        }
      }
    }, 1000 / config.publishHz),
  );
  timers.push(
    setInterval(() => {
      if (!publishing) return;
      for (const s of stables) {
        s.call();
        s.goal();
      }
    }, 1000 / config.callHz),
  );
  timers.push(
    setInterval(() => {
      if (publishing) churn.step();
    }, 1000 / config.churnRate),
  );
  let lagCheck = performance.now();
  timers.push(
    setInterval(() => {
      const now = performance.now();
      const lag = Math.round(now - lagCheck - 100);
      counters.maxEventLoopLagMs = Math.max(counters.maxEventLoopLagMs, lag);
      lagCheck = now;
      if (lag > 20) stalls.push({ atMs: Date.now(), lagMs: lag });
      while (stalls.length > 0 && stalls[0]!.atMs < Date.now() - 60_000) stalls.shift();
    }, 100),
  );
  timers.push(setInterval(report, config.reportEveryMs));
  if (gc !== undefined) {
    timers.push(
      setInterval(() => {
        gc();
        heapAfterGc = process.memoryUsage().heapUsed;
      }, config.gcEveryMs),
    );
  }
  timers.push(...heapSnapshots(config.worker));

  process.on('message', (m: { cmd?: string }) => {
    if (m.cmd === 'quiesce') {
      publishing = false;
      churn.clear();
      const finalSeq: Record<string, number> = {};
      for (const s of stables) finalSeq[s.pubId] = s.seq - 1;
      report();
      send({ type: 'quiesced', finalSeq });
    } else if (m.cmd === 'final') {
      // Calls still out get until their budgets (the sweep marks the rest unanswered).
      void (async () => {
        const by = Date.now() + config.goalBudgetMs * 2 + config.lateSlackMs + 500;
        while (calls.inFlight() > 0 && Date.now() < by) await new Promise((r) => setTimeout(r, 100));
        calls.sweep(Date.now() + config.goalBudgetMs * 2 + config.lateSlackMs + 1);
        report();
        const lastSeen: Record<string, Record<string, number>> = {};
        for (const s of stables) lastSeen[s.stream.sub] = s.stream.lastSeen();
        send({ type: 'final', lastSeen, counters });
      })();
    } else if (m.cmd === 'stop') {
      stopping = true;
      for (const t of timers) clearInterval(t);
      void (async () => {
        const t0 = performance.now();
        await Promise.race([exec.shutdown(), new Promise((r) => setTimeout(r, 5000).unref())]);
        counters.shutdownMs = Math.round(performance.now() - t0);
        await Promise.race([spinning, new Promise((r) => setTimeout(r, 1000).unref())]);
        send({ type: 'stopped', counters });
        process.disconnect?.();
      })();
    }
  });
  send({ type: 'ready', pid: process.pid });
}

void main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  setTimeout(() => process.exit(1), 100);
});
