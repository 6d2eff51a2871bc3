/**
 * Sim time: a node with `use_sim_time:=true` whose timer fires in /clock time, and a clock
 * player (another node) publishing /clock ten times faster than real time. The timer's 1 s
 * period passes in about 100 ms of real time; `node.now()` gives the sim time it fired at.
 *   npx tsx examples/sim_time_timer.ts [--count 3] [--router ws/127.0.0.1:10000]
 */
import { Executor, QoS } from '../src/index.js';
import { rosgraph_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 3);
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const { router, count } = parsed.value;
  const created = await Executor.create({ router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  const code = await run(executor, count, log);
  await executor.shutdown();
  return code;
}

async function run(executor: Executor, count: number, log: Log): Promise<number> {
  const node = executor.createNode('sim_node', { arguments: ['--ros-args', '-p', 'use_sim_time:=true'] });
  if (!node.ok) return failed(log, node.error.message);
  const player = executor.createNode('clock_player');
  if (!player.ok) return failed(log, player.error.message);
  const clock = player.value.createPublisher(rosgraph_msgs.msg.Clock, '/clock', QoS.clock());
  if (!clock.ok) return failed(log, clock.error.message);

  // The player: +100 ms of sim time every 10 ms of real time (a wall timer: it must not wait for itself).
  let simMs = 0;
  const play = player.value.createWallTimer(10, () => {
    simMs += 100;
    clock.value.publish({ clock: { sec: Math.floor(simMs / 1000), nanosec: (simMs % 1000) * 1_000_000 } });
  });
  if (!play.ok) return failed(log, play.error.message);

  // rclcpp's create_timer on the node's ros clock: under use_sim_time its period is sim time.
  let fired = 0;
  const timer = node.value.createTimer(1000, () => {
    fired++;
    log(`timer ${fired} at sim time ${node.value.now().seconds().toFixed(1)} s`);
    if (fired >= count) executor.cancel();
  });
  if (!timer.ok) return failed(log, timer.error.message);
  const spun = await executor.spinFor(60_000);
  if (!spun.ok) return failed(log, spun.error.message);
  return fired >= count ? 0 : failed(log, `the timer fired ${fired} of ${count} times`);
}

function failed(log: Log, message: string): number {
  log(message);
  return 1;
}

runIfMain(import.meta.url, main);
