/**
 * The library alone in a page: talker/listener and AddTwoInts on the in-process backend and,
 * when the URL names `?router=ws/HOST:PORT`, through that router; a vrobots simulator and a
 * connected robot in-process. Results land in `window.smokeResults` for the test to read.
 */
import { Executor, example_interfaces, std_msgs } from 'rclts';
import { geometry_msgs } from 'rclts/msgs';
import { RobotType, startSimulator, VirtualRobot } from 'rclts/vrobots';

const BUDGET_MS = 30_000;
// Other test files share the router: a domain of its own keeps their chatter out.
const ROUTER_DOMAIN_ID = 142;
const COUNT = 3;

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

async function withExecutors<T>(router: string | undefined, run: (a: Executor, b: Executor) => Promise<T>): Promise<T> {
  const options = { router, domainId: router === undefined ? 0 : ROUTER_DOMAIN_ID };
  const a = await Executor.create(options);
  if (!a.ok) throw new Error(`executor: ${a.error.message}`);
  const b = await Executor.create(options);
  if (!b.ok) {
    await a.value.shutdown();
    throw new Error(`executor: ${b.error.message}`);
  }
  try {
    return await run(a.value, b.value);
  } finally {
    await a.value.shutdown();
    await b.value.shutdown();
  }
}

/** A talker on one executor, a listener on the other: what the listener heard. */
function talkerListener(router: string | undefined): Promise<string[]> {
  return withExecutors(router, async (talkerExec, listenerExec) => {
    const talker = talkerExec.createNode('talker');
    const listener = listenerExec.createNode('listener');
    if (!talker.ok || !listener.ok) throw new Error('createNode failed');
    const heard: string[] = [];
    const sub = listener.value.createSubscription(std_msgs.msg.String, 'chatter', (message) => {
      heard.push(message.data);
      if (heard.length >= COUNT) listenerExec.cancel();
    });
    const pub = talker.value.createPublisher(std_msgs.msg.String, 'chatter');
    if (!sub.ok || !pub.ok) throw new Error('pub/sub failed');
    let n = 0;
    const timer = talker.value.createWallTimer(50, () => pub.value.publish({ data: `Hello World: ${++n}` }));
    if (!timer.ok) throw new Error(timer.error.message);
    const talking = talkerExec.spinFor(BUDGET_MS);
    await listenerExec.spinFor(BUDGET_MS);
    talkerExec.cancel();
    await talking;
    return heard;
  });
}

/** AddTwoInts served on one executor, called from the other: the sum as a string. */
function addTwoInts(router: string | undefined): Promise<string> {
  return withExecutors(router, async (serverExec, clientExec) => {
    const serverNode = serverExec.createNode('add_two_ints_server');
    const clientNode = clientExec.createNode('add_two_ints_client');
    if (!serverNode.ok || !clientNode.ok) throw new Error('createNode failed');
    const service = serverNode.value.createService(example_interfaces.srv.AddTwoInts, 'add_two_ints', (request) => ({
      sum: request.a + request.b,
    }));
    const client = clientNode.value.createPollClient(example_interfaces.srv.AddTwoInts, 'add_two_ints');
    if (!service.ok || !client.ok) throw new Error('service/client failed');
    const serving = serverExec.spinFor(BUDGET_MS);
    try {
      const ready = await client.value.waitForService(BUDGET_MS);
      if (!ready.ok) throw new Error(ready.error.message);
      const response = await client.value.call({ a: 2n, b: 40n }, BUDGET_MS);
      if (!response.ok) throw new Error(response.error.message);
      return response.value.sum.toString();
    } finally {
      serverExec.cancel();
      await serving;
    }
  });
}

/** A generated interface type from `rclts/msgs` on the executor of `rclts`: the Twist heard. */
function twistInProcess(): Promise<number> {
  return withExecutors(undefined, async (pubExec, subExec) => {
    const pubNode = pubExec.createNode('teleop');
    const subNode = subExec.createNode('base');
    if (!pubNode.ok || !subNode.ok) throw new Error('createNode failed');
    let heard: number | undefined;
    const sub = subNode.value.createSubscription(geometry_msgs.msg.Twist, 'cmd_vel', (twist) => {
      heard = twist.linear.x;
      subExec.cancel();
    });
    const pub = pubNode.value.createPublisher(geometry_msgs.msg.Twist, 'cmd_vel');
    if (!sub.ok || !pub.ok) throw new Error(sub.ok ? (pub.ok ? '' : pub.error.message) : sub.error.message);
    const sent = pub.value.publish(geometry_msgs.msg.Twist.create({ linear: { x: 1.5 }, angular: { z: -0.5 } }));
    if (!sent.ok) throw new Error(sent.error.message);
    await subExec.spinFor(BUDGET_MS);
    if (heard === undefined) throw new Error('no Twist heard');
    return heard;
  });
}

/** The headless simulator and a client of it, both in the page: the robot's first state. */
async function vrobotsInProcess(): Promise<{ sysId: number; seq: string; type: string }> {
  const sim = await startSimulator({});
  if (!sim.ok) throw new Error(sim.error.message);
  try {
    const robot = await VirtualRobot.connect(RobotType.Msd);
    if (!robot.ok) throw new Error(robot.error.message);
    const state = robot.value.states();
    const info = { sysId: robot.value.sysId, seq: String(state.header?.seq ?? 'none'), type: robot.value.robotType };
    await robot.value.close();
    return info;
  } finally {
    await sim.value.stop();
  }
}

async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (thrown) {
    return { ok: false, error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

async function main(): Promise<void> {
  const router = new URLSearchParams(location.search).get('router') ?? undefined;
  const results: Record<string, Outcome> = {};
  results.localTalkerListener = await attempt(() => talkerListener(undefined));
  results.localAddTwoInts = await attempt(() => addTwoInts(undefined));
  results.localVrobots = await attempt(vrobotsInProcess);
  results.localTwist = await attempt(twistInProcess);
  if (router !== undefined) {
    results.routerTalkerListener = await attempt(() => talkerListener(router));
    results.routerAddTwoInts = await attempt(() => addTwoInts(router));
  }
  const view = document.getElementById('results');
  if (view !== null) view.textContent = JSON.stringify(results, null, 2);
  (window as { smokeResults?: unknown }).smokeResults = results;
}

void main();
