/**
 * Benchmark 1: service round trip over the real router. rclts ClientHandle (asyncSendRequest,
 * then spinOnce until the reply handler ran) and rclts PollClient.call, against raw zenoh-ts
 * get -> queryable. Both sides of each subject are its own stack: an rclts service answers
 * rclts clients, a raw queryable answers raw gets. Every server echoes the request bytes.
 * The reference is the raw queryable that corks its reply and final into one TCP write, as
 * rclts's server does (src/rmw/zenoh/zenoh-ts/query-replies.ts); the plain raw queryable, whose final
 * leaves in a segment of its own, is shown next to it.
 */
import type { Query } from '@eclipse-zenoh/zenoh-ts';
import type { Executor, ResultOf } from '../src/index.js';
import { BytesServiceType, payloadOf } from './bytes-type.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { answerRaw, rawGet } from './harness/raw-query.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, within } from './harness/recorder.js';
import { closeRawSession, openRawSession, uniquePrefix, zenohTs } from './harness/router.js';

const BENCH = 'service round trip';
const PAYLOADS = [16, 1024, 64 * 1024] as const;
const REQUEST_BUDGET_MS = 3000;
const RAW = 'raw zenoh-ts get';
const RAW_CORKED = 'raw zenoh-ts get, corked reply+final';
function targetFor(size: number) {
  return size >= 64 * 1024
    ? ({ op: '<=', bound: 1.15, text: '≤ 1.15x corked raw' } as const)
    : ({ op: '<=', bound: 1.1, text: '≤ 1.10x corked raw' } as const);
}

type Once = (payload: Uint8Array) => Promise<unknown>;
interface Subject {
  readonly name: string;
  readonly once: Once;
}

function label(size: number): string {
  return size >= 1024 ? `${size / 1024} KiB` : `${size} B`;
}

async function rawSubject(
  locator: string,
  key: string,
  corked: boolean,
): Promise<{ subject: Subject; close: () => Promise<void> }> {
  const z = await zenohTs();
  const server = await openRawSession(locator);
  const client = await openRawSession(locator);
  const queryable = await server.declareQueryable(key, {
    complete: true,
    handler: (q: Query) => answerRaw(q, q.payload()?.toBytes() ?? new Uint8Array(), corked),
  });
  const once = (payload: Uint8Array) =>
    rawGet(z, client, key, payload, REQUEST_BUDGET_MS, (s) =>
      s.payload().len() === payload.length ? undefined : 'echo has the wrong size',
    );
  const close = async (): Promise<void> => {
    // A stuck undeclare must not hang the run after the cases (closes run outside any case budget).
    await within(queryable.undeclare(), 3000, `raw queryable ${key} undeclare`).catch(() => undefined);
    await closeRawSession(client);
    await closeRawSession(server);
  };
  return { subject: { name: corked ? RAW_CORKED : RAW, once }, close };
}

interface RclSide {
  readonly subjects: Subject[];
  close(): Promise<void>;
}

async function rclSubjects(locator: string, key: string): Promise<RclSide> {
  let serverExec: Executor | undefined;
  let clientExec: Executor | undefined;
  try {
    serverExec = await openExecutor({ router: locator }, 'service server executor');
    clientExec = await openExecutor({ router: locator }, 'service client executor');
    const sNode = must(serverExec.createNode('bench_server', { naming: 'raw' }), 'server node');
    must(
      sNode.createService(BytesServiceType, key, (req) => req),
      `createService ${key}`,
    );
    const spinning = serverExec.spin();
    const cNode = must(clientExec.createNode('bench_client', { naming: 'raw' }), 'client node');
    let got: ResultOf<Uint8Array> | undefined;
    const handle = must(
      cNode.createClient(
        BytesServiceType,
        key,
        (res) => {
          got = res;
        },
        { requestBudgetMs: REQUEST_BUDGET_MS },
      ),
      `createClient ${key}`,
    );
    const poll = must(
      cNode.createPollClient(BytesServiceType, key, { requestBudgetMs: REQUEST_BUDGET_MS }),
      `createPollClient ${key}`,
    );
    must(await handle.waitForService(10_000), `ClientHandle.waitForService ${key}`);
    must(await poll.waitForService(10_000), `PollClient.waitForService ${key}`);
    const exec = clientExec;
    const viaHandle: Once = async (payload) => {
      got = undefined;
      must(handle.asyncSendRequest(payload), `asyncSendRequest ${key}`);
      const deadline = Date.now() + REQUEST_BUDGET_MS + 1000;
      while (got === undefined) {
        if (Date.now() > deadline)
          throw new Error(`ClientHandle ${key}: no reply within ${REQUEST_BUDGET_MS + 1000} ms`);
        must(await exec.spinOnce(REQUEST_BUDGET_MS), `spinOnce (client ${key})`);
      }
      // The handler assigned it during spin; the compiler cannot see through the closure.
      const res = must(got as ResultOf<Uint8Array>, `ClientHandle reply ${key}`);
      if (res.length !== payload.length) throw new Error(`ClientHandle ${key}: echo has the wrong size`);
    };
    const viaPoll: Once = async (payload) => {
      const res = must(await poll.call(payload, REQUEST_BUDGET_MS), `PollClient.call ${key}`);
      if (res.length !== payload.length) throw new Error(`PollClient ${key}: echo has the wrong size`);
    };
    const sExec = serverExec;
    const cExec = clientExec;
    return {
      subjects: [
        { name: 'rclts ClientHandle', once: viaHandle },
        { name: 'rclts PollClient.call', once: viaPoll },
      ],
      close: async () => {
        sExec.cancel();
        await within(spinning, 3000, 'server spin to stop').catch(() => undefined);
        await shutdownExecutor(cExec);
        await shutdownExecutor(sExec);
      },
    };
  } catch (e) {
    await shutdownExecutor(clientExec);
    await shutdownExecutor(serverExec);
    throw e;
  }
}

/** The first round trips of a fresh subject, logged (not a row): how cold the code starts. */
const COLD_CALLS = 600;

function logCold(bc: BenchContext, name: string, cold: number[]): void {
  const sorted = [...cold].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  bc.rec.log(`  cold ${name}: first ${cold.length} round trips p50 ${p50.toFixed(0)} µs`);
}

/** Runs `count` round trips, answering each latency in µs; stops early when the case is aborted. */
async function block(subject: Subject, payload: Uint8Array, count: number, ctx: CaseContext): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count && !ctx.signal.aborted; i++) {
    const t0 = performance.now();
    await subject.once(payload);
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

export async function benchServiceRoundTrip(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  // Each subject's code reaches its optimized tier only after some thousand calls (V8 tiers
  // up by invocation count), and rclts runs more of its own code per call than raw does, so a
  // short warm-up measures rclts colder than its baseline (600 calls: 16 B at 1.04-1.19x in
  // four runs, 3000: 0.78-0.99x, 2026-11-30). The rows are the steady state a long-running
  // node sees; the first COLD_CALLS of each subject are logged next to them, not hidden.
  const warmup = 3000;
  const rounds = byMode(mode, 10, 24);
  const perBlock = byMode(mode, 40, 100);
  const prefix = uniquePrefix('srv');
  const subjects: Subject[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    await rec.runCase(BENCH, 'setup raw zenoh-ts queryables (plain, corked)', 30_000, async () => {
      for (const corked of [false, true]) {
        const raw = await rawSubject(locator, `${prefix}/raw${corked ? '-corked' : ''}`, corked);
        subjects.push(raw.subject);
        closers.push(raw.close);
      }
    });
    await rec.runCase(BENCH, 'setup rclts service and clients', 30_000, async () => {
      const rcl = await rclSubjects(locator, `${prefix}/rclts`);
      subjects.push(...rcl.subjects);
      closers.push(rcl.close);
    });
    for (const size of PAYLOADS) {
      const payload = payloadOf(size);
      const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
      const failed = new Set<string>();
      await rec.runCase(
        BENCH,
        `payload ${label(size)}: ${warmup} warm-up + ${rounds}x${perBlock} per subject`,
        byMode(mode, 60_000, 180_000),
        async (ctx) => {
          for (const s of subjects) {
            try {
              const warm = await block(s, payload, warmup, ctx);
              if (size === PAYLOADS[0]) logCold(bc, s.name, warm.slice(0, COLD_CALLS));
            } catch (e) {
              failed.add(s.name);
              rec.error(BENCH, label(size), s.name, e instanceof Error ? e.message : String(e));
            }
          }
          const live = subjects.filter((s) => !failed.has(s.name));
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++) {
            for (const s of rotated(live, r)) {
              if (failed.has(s.name)) continue;
              try {
                samples.get(s.name)!.push(...(await block(s, payload, perBlock, ctx)));
              } catch (e) {
                failed.add(s.name);
                rec.error(BENCH, label(size), s.name, e instanceof Error ? e.message : String(e));
              }
            }
          }
        },
      );
      const figures = new Map(
        subjects
          .filter((s) => !failed.has(s.name) && samples.get(s.name)!.length > 0)
          .map((s) => [
            s.name,
            rec.measure({
              bench: BENCH,
              case: label(size),
              subject: s.name,
              metric: 'round trip',
              unit: 'us',
              samples: samples.get(s.name)!,
            }),
          ]),
      );
      for (const baseName of [RAW_CORKED, RAW]) {
        const base = figures.get(baseName);
        for (const s of subjects) {
          if (s.name.startsWith('raw')) continue;
          const f = figures.get(s.name);
          if (f === undefined) continue;
          const p99 =
            base?.summary !== undefined && f.summary !== undefined ? f.summary.p99 / base.summary.p99 : Number.NaN;
          rec.compare({
            bench: BENCH,
            case: label(size),
            metric: 'p50 latency',
            better: 'lower',
            subject: s.name,
            figure: f,
            baselineSubject: baseName,
            baseline: base,
            ...(baseName === RAW_CORKED ? { target: targetFor(size) } : {}),
            ...(Number.isFinite(p99) ? { note: `[p99 ratio ${p99.toFixed(2)}x]` } : {}),
          });
        }
      }
      for (const [name, f] of figures)
        rec.log(`  ${name}: p50 ${f.value.toFixed(0)} µs, p99 ${f.summary?.p99.toFixed(0)} µs (n=${f.summary?.n})`);
    }
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
}
