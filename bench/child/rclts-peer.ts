/**
 * One rclts process of the real-ROS 2 comparison (bench/rclpy.ts): the same roles and JSON-line
 * protocol as bench/python/rclpy_peer.py (its docstring describes them), so rclts and rclpy run
 * the same shapes, each role a process of its own, rclts through the bench's router.
 *
 * argv: <server | client | pub | sub> --prefix /name --sizes 16,1024 --router ws/127.0.0.1:PORT
 * The client's `calls` command takes `api`: `poll` (PollClient.call, the default) or `handle`
 * (ClientHandle.asyncSendRequest, then spinOnce until the response handler ran).
 */
import { parseArgs } from 'node:util';
import { type Executor, QoS, type ResultOf, std_msgs } from '../../src/index.js';
import { std_srvs } from '../../src/rclcpp/interfaces/generated/index.js';
import { must, openExecutor } from '../harness/rclts.js';
import { commands, gcCounter, say } from './peer-lines.js';

type TriggerResponse = std_srvs.srv.Trigger_Response;

const CALL_BUDGET_MS = 3000;
const DISCOVERY_BUDGET_MS = 20_000;
const STREAM_QOS = QoS.default().keepAll();

/** Wall-clock seconds with sub-millisecond resolution, comparable with Python's time.time(). */
function wallSeconds(): number {
  return (performance.timeOrigin + performance.now()) / 1000;
}

function serve(exec: Executor, prefix: string, sizes: readonly number[]): Promise<void> {
  const node = must(exec.createNode('rclts_bench_server'), 'server node');
  for (const size of sizes) {
    const response: TriggerResponse = { success: true, message: 'x'.repeat(size) };
    must(
      node.createService(std_srvs.srv.Trigger, `${prefix}/trigger_${size}`, () => response),
      `service ${size}`,
    );
  }
  const spinning = exec.spin();
  const gcs = gcCounter();
  say({ type: 'ready' });
  return commands((c) => {
    if (c.cmd === 'gcs') say({ type: 'gcs', ...gcs() });
  }).then(async () => {
    exec.cancel();
    await spinning;
  });
}

async function call(exec: Executor, prefix: string, sizes: readonly number[]): Promise<void> {
  const node = must(exec.createNode('rclts_bench_client'), 'client node');
  const request = std_srvs.srv.Trigger_Request.create();
  const options = { requestBudgetMs: CALL_BUDGET_MS };
  const subjects = new Map<number, (api: string) => Promise<void>>();
  for (const size of sizes) {
    const name = `${prefix}/trigger_${size}`;
    const poll = must(node.createPollClient(std_srvs.srv.Trigger, name, options), `poll client ${name}`);
    let got: ResultOf<TriggerResponse> | undefined;
    const handle = must(
      node.createClient(
        std_srvs.srv.Trigger,
        name,
        (res) => {
          got = res;
        },
        options,
      ),
      `client ${name}`,
    );
    must(await poll.waitForService(DISCOVERY_BUDGET_MS), `PollClient.waitForService ${name}`);
    must(await handle.waitForService(DISCOVERY_BUDGET_MS), `ClientHandle.waitForService ${name}`);
    const check = (r: ResultOf<TriggerResponse>): void => {
      if (must(r, `reply of ${name}`).message.length !== size) throw new Error(`reply of ${name} has the wrong size`);
    };
    subjects.set(size, async (api) => {
      if (api !== 'handle') return check(await poll.call(request, CALL_BUDGET_MS));
      got = undefined;
      must(handle.asyncSendRequest(request), `asyncSendRequest ${name}`);
      const deadline = performance.now() + CALL_BUDGET_MS;
      while (got === undefined) {
        if (performance.now() > deadline) throw new Error(`no reply from ${name} within ${CALL_BUDGET_MS} ms`);
        must(await exec.spinOnce(CALL_BUDGET_MS), `spinOnce (client ${name})`);
      }
      check(got);
    });
  }
  const gcs = gcCounter();
  say({ type: 'ready' });
  await commands(async (c) => {
    const once = subjects.get(c.size ?? -1);
    if (once === undefined) throw new Error(`no client for size ${c.size}`);
    const us: number[] = [];
    gcs();
    for (let i = 0; i < (c.count ?? 0); i++) {
      const t0 = performance.now();
      await once(c.api ?? 'poll');
      us.push(Math.round((performance.now() - t0) * 10_000) / 10);
    }
    say({ type: 'samples', size: c.size, us, gc: gcs() });
  });
}

async function publish(exec: Executor, prefix: string): Promise<void> {
  const node = must(exec.createNode('rclts_bench_talker'), 'talker node');
  const topic = `${prefix}/chatter`;
  const publisher = must(node.createPublisher(std_msgs.msg.String, topic, STREAM_QOS), `publisher ${topic}`);
  must(await publisher.ready(DISCOVERY_BUDGET_MS), `publisher ${topic} ready`);
  const deadline = performance.now() + DISCOVERY_BUDGET_MS;
  for (;;) {
    const n = publisher.getSubscriptionCount();
    if (!n.ok || n.value >= 1) break; // without a count (Unsupported) the warm-up block absorbs discovery
    if (performance.now() > deadline) throw new Error(`no subscription on ${topic} within ${DISCOVERY_BUDGET_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  say({ type: 'ready' });
  await commands((c) => {
    const message = { data: 'x'.repeat(c.size ?? 0) };
    let failed = 0;
    const start = wallSeconds();
    for (let i = 0; i < (c.count ?? 0); i++) if (!publisher.publish(message).ok) failed += 1;
    say({ type: 'published', start, end: wallSeconds(), failed });
  });
}

async function subscribe(exec: Executor, prefix: string): Promise<void> {
  const node = must(exec.createNode('rclts_bench_listener'), 'listener node');
  let delivered = 0;
  let last = 0;
  const topic = `${prefix}/chatter`;
  must(
    node.createSubscription(
      std_msgs.msg.String,
      topic,
      () => {
        delivered += 1;
        last = wallSeconds();
      },
      STREAM_QOS,
    ),
    `subscription ${topic}`,
  );
  const spinning = exec.spin();
  say({ type: 'ready' });
  await commands(() => say({ type: 'report', delivered, last }));
  exec.cancel();
  await spinning;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { prefix: { type: 'string' }, sizes: { type: 'string', default: '16' }, router: { type: 'string' } },
  });
  const role = positionals[0];
  const prefix = values.prefix ?? '/rclts_bench';
  const sizes = values.sizes.split(',').filter(Boolean).map(Number);
  const exec = await openExecutor({ router: values.router, keepAllLimit: 100_000 }, `rclts ${role} executor`);
  try {
    if (role === 'server') await serve(exec, prefix, sizes);
    else if (role === 'client') await call(exec, prefix, sizes);
    else if (role === 'pub') await publish(exec, prefix);
    else if (role === 'sub') await subscribe(exec, prefix);
    else throw new Error(`unknown role ${String(role)}`);
  } finally {
    await exec.shutdown();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    say({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  },
);
