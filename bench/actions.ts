/**
 * Actions over the real router, each next to the same exchange built on raw rclts services and
 * topics, in one run: (1) goal round trip, sendGoal to the result (the server succeeds the goal in
 * its accepted callback), against a send_goal call then a get_result call of the same service types
 * answered by plain services; (2) feedback rate, a burst of feedback messages of one active goal
 * to the client's feedback handler, against a plain publisher and subscription of the same
 * FeedbackMessage type.
 */
import {
  CancelResponse,
  type Executor,
  example_interfaces,
  GoalResponse,
  type ServerGoalHandle,
} from '../src/index.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, within } from './harness/recorder.js';
import { uniquePrefix } from './harness/router.js';

const BENCH = 'actions';
/** Issue 32's bound on the goal round trip against the two raw service calls it is built on. */
const ROUND_TRIP_TARGET = { op: '<=', bound: 1.3, text: '≤ 1.3x the two raw calls' } as const;
const BUDGET_MS = 5000;
/** The feedback subscription's depth (rclcpp's default QoS): a longer burst would be dropped in part. */
const BURST = 10;
const Fib = example_interfaces.action.Fibonacci;
type Handle = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

interface Subject {
  readonly name: string;
  /** One sample: µs for a round trip, messages per second for a burst. */
  readonly once: () => Promise<number>;
}

interface Side {
  readonly roundTrips: Subject[];
  readonly feedback: Subject[];
  close(): Promise<void>;
}

async function setup(locator: string): Promise<Side> {
  let serverExec: Executor | undefined;
  let clientExec: Executor | undefined;
  try {
    serverExec = await openExecutor({ router: locator }, 'action server executor');
    clientExec = await openExecutor({ router: locator }, 'action client executor');
    const ns = `/${uniquePrefix('actions').replace(/[^A-Za-z0-9_]/g, '_')}`;
    const sNode = must(serverExec.createNode('bench_action_server', { namespace: ns }), 'server node');
    const held: Handle[] = [];
    must(
      sNode.createActionServer(Fib, 'fib', {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: (h) => {
          if (h.goal.order < 0) held.push(h);
          else h.succeed({ sequence: [h.goal.order] });
        },
      }),
      'action server',
    );
    // The same exchange on plain services and a plain topic.
    const result = { status: 4, result: { sequence: [1] } };
    must(
      sNode.createService(Fib.SendGoal, 'plain/send_goal', () => ({ accepted: true, stamp: { sec: 0, nanosec: 0 } })),
      'plain send_goal',
    );
    must(
      sNode.createService(Fib.GetResult, 'plain/get_result', () => result),
      'plain get_result',
    );
    const plainPub = must(sNode.createPublisher(Fib.FeedbackMessage, 'plain/feedback'), 'plain feedback publisher');
    const spinning = serverExec.spin();

    const cExec = clientExec;
    const cNode = must(cExec.createNode('bench_action_client', { namespace: ns }), 'client node');
    const client = must(cNode.createActionClient(Fib, 'fib'), 'action client');
    must(await client.waitForActionServer(10_000), 'action server visible');
    const sendGoal = must(cNode.createPollClient(Fib.SendGoal, 'plain/send_goal'), 'plain send_goal client');
    const getResult = must(cNode.createPollClient(Fib.GetResult, 'plain/get_result'), 'plain get_result client');
    must(await sendGoal.waitForService(10_000), 'plain send_goal visible');
    must(await getResult.waitForService(10_000), 'plain get_result visible');
    let plainHeard = 0;
    must(
      cNode.createSubscription(Fib.FeedbackMessage, 'plain/feedback', () => {
        plainHeard++;
      }),
      'plain feedback subscription',
    );
    // One goal kept active for the feedback bursts.
    let actionHeard = 0;
    const long = must(client.sendGoal({ order: -1 }, { feedback: () => void actionHeard++ }), 'long goal');
    must(await long.acceptance.wait(10_000), 'long goal accepted');
    must(await cExec.spinUntil(() => held.length === 1, 10_000), 'long goal announced');
    const h = held[0] as Handle;
    const id = { uuid: new Uint8Array(16) };
    const feedback = { sequence: [0, 1, 1, 2, 3, 5, 8, 13] };
    // Until the subscriptions are matched, a burst could be lost: warm both up first.
    const warm = (publish: () => unknown, heard: () => number) => () => {
      publish();
      return heard() > 0;
    };
    must(
      await cExec.spinUntil(
        warm(
          () => h.publishFeedback(feedback),
          () => actionHeard,
        ),
        10_000,
      ),
      'action feedback',
    );
    must(
      await cExec.spinUntil(
        warm(
          () => plainPub.publish({ goal_id: id, feedback }),
          () => plainHeard,
        ),
        10_000,
      ),
      'plain feedback flows',
    );

    const burst = async (publish: () => unknown, heard: () => number): Promise<number> => {
      const from = heard();
      const t0 = performance.now();
      for (let i = 0; i < BURST; i++) publish();
      must(await cExec.spinUntil(() => heard() - from >= BURST, BUDGET_MS), 'burst delivered');
      return BURST / ((performance.now() - t0) / 1000);
    };
    const timed = async (fn: () => Promise<void>): Promise<number> => {
      const t0 = performance.now();
      await fn();
      return (performance.now() - t0) * 1000;
    };
    let order = 0;
    return {
      roundTrips: [
        {
          name: 'raw services: send_goal + get_result calls',
          once: () =>
            timed(async () => {
              const uuid = new Uint8Array(16);
              must(await sendGoal.call({ goal_id: { uuid }, goal: { order: 1 } }, BUDGET_MS), 'send_goal call');
              must(await getResult.call({ goal_id: { uuid } }, BUDGET_MS), 'get_result call');
            }),
        },
        {
          name: 'action client: sendGoal to result',
          once: () =>
            timed(async () => {
              const g = must(client.sendGoal({ order: ++order }), 'sendGoal');
              must(await g.result().wait(BUDGET_MS), 'result');
            }),
        },
      ],
      feedback: [
        {
          name: 'raw topic: FeedbackMessage publisher',
          once: () =>
            burst(
              () => plainPub.publish({ goal_id: id, feedback }),
              () => plainHeard,
            ),
        },
        {
          name: 'action: publishFeedback',
          once: () =>
            burst(
              () => h.publishFeedback(feedback),
              () => actionHeard,
            ),
        },
      ],
      close: async () => {
        serverExec?.cancel();
        await within(spinning, 3000, 'server spin to stop').catch(() => undefined);
        await shutdownExecutor(cExec);
        await shutdownExecutor(serverExec);
      },
    };
  } catch (e) {
    await shutdownExecutor(clientExec);
    await shutdownExecutor(serverExec);
    throw e;
  }
}

async function block(s: Subject, count: number, ctx: CaseContext): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count && !ctx.signal.aborted; i++) out.push(await s.once());
  return out;
}

export async function benchActions(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  let side: Side | undefined;
  try {
    await rec.runCase(BENCH, 'setup action server, client and their raw twins', 60_000, async () => {
      side = await setup(locator);
    });
    if (side === undefined) return;
    const cases = [
      {
        label: 'goal round trip',
        subjects: side.roundTrips,
        metric: 'round trip',
        unit: 'us',
        better: 'lower',
        per: byMode(mode, 25, 100),
        target: ROUND_TRIP_TARGET,
      },
      {
        label: `feedback, bursts of ${BURST}`,
        subjects: side.feedback,
        metric: 'delivered msg/s',
        unit: 'msg/s',
        better: 'higher',
        per: byMode(mode, 20, 60),
        target: undefined,
      },
    ] as const;
    for (const c of cases) {
      const samples = new Map<string, number[]>(c.subjects.map((s) => [s.name, []]));
      const rounds = byMode(mode, 6, 15);
      await rec.runCase(
        BENCH,
        `${c.label}: ${rounds}x${c.per} per subject`,
        byMode(mode, 120_000, 400_000),
        async (ctx) => {
          for (const s of c.subjects) await block(s, 3, ctx);
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++) {
            for (const s of rotated(c.subjects, r)) samples.get(s.name)?.push(...(await block(s, c.per, ctx)));
          }
        },
      );
      const figures = c.subjects.map((s) => ({
        name: s.name,
        figure: rec.measure({
          bench: BENCH,
          case: c.label,
          subject: s.name,
          metric: c.metric,
          unit: c.unit,
          samples: samples.get(s.name) ?? [],
        }),
      }));
      const [base, mine] = figures;
      if (base !== undefined && mine !== undefined) {
        rec.compare({
          bench: BENCH,
          case: c.label,
          metric: c.better === 'lower' ? 'p50 latency' : 'p50 msg/s',
          better: c.better,
          subject: mine.name,
          figure: mine.figure,
          baselineSubject: base.name,
          baseline: base.figure,
          ...(c.target === undefined ? {} : { target: c.target }),
        });
      }
      for (const f of figures) rec.log(`  ${c.label}, ${f.name}: p50 ${f.figure.value.toFixed(0)} ${c.unit}`);
    }
  } finally {
    await side?.close().catch(() => undefined);
  }
}
