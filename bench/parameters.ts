/**
 * Parameter get/set round trips over the real router: a ParametersClient in one executor asks
 * a node in another for one integer parameter (get_parameters) and sets it (set_parameters,
 * checked against its range and an on-set callback), each next to a plain rclts PollClient call of
 * its own service type (GetParameters, SetParameters: the same request and reply shapes) answered
 * by a constant handler, the service round trip without the parameter layer. setParameters is
 * also shown against the plain GetParameters call, the baseline of earlier runs.
 */
import { type Executor, ParametersClient } from '../src/index.js';
import { rcl_interfaces } from '../src/rclcpp/interfaces/generated/index.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, within } from './harness/recorder.js';
import { uniquePrefix } from './harness/router.js';

const BENCH = 'parameters';
const BUDGET_MS = 3000;

interface Subject {
  readonly name: string;
  readonly once: (i: number) => Promise<void>;
  /** The plain calls this subject is judged against (none: a baseline). */
  readonly against?: readonly string[];
}

const PLAIN_GET = 'plain PollClient.call (same type)';
/** Issue 32's bound, on each subject's first baseline (the plain call of its own type). */
const TARGET = { op: '<=', bound: 1.15, text: '≤ 1.15x plain call' } as const;
const PLAIN_SET = 'plain PollClient.call (SetParameters, same type)';

async function setup(locator: string): Promise<{ subjects: Subject[]; close: () => Promise<void> }> {
  let serverExec: Executor | undefined;
  let clientExec: Executor | undefined;
  try {
    serverExec = await openExecutor({ router: locator }, 'parameter server executor');
    clientExec = await openExecutor({ router: locator }, 'parameter client executor');
    const ns = `/${uniquePrefix('params').replace(/[^A-Za-z0-9_]/g, '_')}`;
    const server = must(serverExec.createNode('bench_params', { namespace: ns }), 'server node');
    must(server.declareParameter('rate', 1n, { integerRange: { from: 0n, to: 1_000_000_000n } }), 'declare rate');
    must(
      server.addOnSetParametersCallback(() => ({ successful: true, reason: '' })),
      'on-set callback',
    );
    const constant = rcl_interfaces.srv.GetParameters_Response.create({
      values: [rcl_interfaces.msg.ParameterValue.create({ type: 2, integer_value: 1n })],
    });
    must(
      server.createService(rcl_interfaces.srv.GetParameters, 'plain_get', () => constant),
      'plain service',
    );
    const setAnswer = rcl_interfaces.srv.SetParameters_Response.create({ results: [{ successful: true, reason: '' }] });
    must(
      server.createService(rcl_interfaces.srv.SetParameters, 'plain_set', () => setAnswer),
      'plain set service',
    );
    const spinning = serverExec.spin();
    const cNode = must(clientExec.createNode('bench_params_client', { namespace: ns }), 'client node');
    const remote = must(ParametersClient.create(cNode, server.getFullyQualifiedName()), 'ParametersClient');
    must(await remote.waitForService(10_000), 'parameter services');
    const plain = must(cNode.createPollClient(rcl_interfaces.srv.GetParameters, `${ns}/plain_get`), 'plain client');
    must(await plain.waitForService(10_000), 'plain service');
    const plainSet = must(
      cNode.createPollClient(rcl_interfaces.srv.SetParameters, `${ns}/plain_set`),
      'plain set client',
    );
    must(await plainSet.waitForService(10_000), 'plain set service');
    // What ParametersClient.setParameters sends for one integer.
    const setRequest = (i: number) => ({
      parameters: [
        rcl_interfaces.msg.Parameter.create({
          name: 'rate',
          value: rcl_interfaces.msg.ParameterValue.create({ type: 2, integer_value: BigInt(i) }),
        }),
      ],
    });
    const sExec = serverExec;
    const cExec = clientExec;
    return {
      subjects: [
        {
          name: PLAIN_GET,
          once: async () => void must(await plain.call({ names: ['rate'] }, BUDGET_MS), 'plain call'),
        },
        {
          name: PLAIN_SET,
          once: async (i) => {
            const r = must(await plainSet.call(setRequest(i), BUDGET_MS), 'plain set call');
            if (r.results[0]?.successful !== true) throw new Error('plain set refused');
          },
        },
        {
          name: 'ParametersClient.getParameters',
          against: [PLAIN_GET],
          once: async () => {
            const got = must(await remote.getParameters(['rate'], BUDGET_MS), 'getParameters');
            if (got[0]?.type !== 2) throw new Error('rate is not an integer');
          },
        },
        {
          name: 'ParametersClient.setParameters',
          against: [PLAIN_SET, PLAIN_GET],
          once: async (i) => {
            const r = must(await remote.setParameters([{ name: 'rate', value: BigInt(i) }], BUDGET_MS), 'set');
            if (r[0]?.successful !== true) throw new Error(`set refused: ${r[0]?.reason}`);
          },
        },
      ],
      close: async () => {
        remote.destroy();
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

async function block(s: Subject, count: number, ctx: CaseContext, start: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count && !ctx.signal.aborted; i++) {
    const t0 = performance.now();
    await s.once(start + i);
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

export async function benchParameters(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  const warmup = byMode(mode, 20, 100);
  const rounds = byMode(mode, 8, 20);
  const perBlock = byMode(mode, 25, 100);
  let side: { subjects: Subject[]; close: () => Promise<void> } | undefined;
  try {
    await rec.runCase(BENCH, 'setup parameter node and clients', 30_000, async () => {
      side = await setup(locator);
    });
    const subjects = side?.subjects ?? [];
    if (subjects.length === 0) return;
    const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
    let n = 0;
    await rec.runCase(
      BENCH,
      `${warmup} warm-up + ${rounds}x${perBlock} per subject`,
      byMode(mode, 90_000, 300_000),
      async (ctx) => {
        for (const s of subjects) await block(s, warmup, ctx, (n += warmup));
        for (let r = 0; r < rounds && !ctx.signal.aborted; r++) {
          for (const s of rotated(subjects, r))
            samples.get(s.name)?.push(...(await block(s, perBlock, ctx, (n += perBlock))));
        }
      },
    );
    const figures = new Map(
      subjects
        .filter((s) => (samples.get(s.name)?.length ?? 0) > 0)
        .map((s) => [
          s.name,
          rec.measure({
            bench: BENCH,
            case: 'one integer',
            subject: s.name,
            metric: 'round trip',
            unit: 'us',
            samples: samples.get(s.name) ?? [],
          }),
        ]),
    );
    for (const s of subjects) {
      const f = figures.get(s.name);
      if (f === undefined) continue;
      for (const [k, baseName] of (s.against ?? []).entries()) {
        rec.compare({
          ...(k === 0 ? { target: TARGET } : {}),
          bench: BENCH,
          case: 'one integer',
          metric: 'p50 latency',
          better: 'lower',
          subject: s.name,
          figure: f,
          baselineSubject: baseName,
          baseline: figures.get(baseName),
        });
      }
    }
    for (const [name, f] of figures)
      rec.log(`  ${name}: p50 ${f.value.toFixed(0)} µs, p99 ${f.summary?.p99.toFixed(0)} µs (n=${f.summary?.n})`);
  } finally {
    await side?.close().catch(() => undefined);
  }
}
