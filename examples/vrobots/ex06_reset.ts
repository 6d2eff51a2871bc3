/**
 * ex06 reset: push a robot around, then reset it back to its spawn pose (or to a given
 * pose). Note: a payload-less GET on srv/reset also resets — never use it as a probe.
 *   npx tsx examples/vrobots/ex06_reset.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('reset');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    const show = (label: string) => {
      const p = robot.states().kinematics.position;
      console.log(
        `${label}: pos (${fmt(p.x)}, ${fmt(p.y)}, ${fmt(p.z)})  sim time ${fmt(Number(robot.states().simTimeNs) / 1e9)} s`,
      );
    };
    show('spawned');
    robot.setBodyForce([2, 0, 0]);
    const rate = robot.rate(10);
    if (rate.ok) for (let i = 0; i < env.seconds * 10; i++) await rate.value.sleep();
    show('pushed');
    const reset = await robot.reset();
    if (!reset.ok) env.fail('reset', reset);
    await robot.waitNewState(1000);
    show('after reset');
    const moved = await robot.reset({ position: { x: 0, y: 5, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });
    if (!moved.ok) env.fail('reset to a pose', moved);
    await robot.waitNewState(1000);
    await robot.waitNewState(1000);
    show('reset to y=5');
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
