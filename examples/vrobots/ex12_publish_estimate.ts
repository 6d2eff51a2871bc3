/**
 * ex12 publish_estimate: feed your own state estimate on z/estimate (>= 20 Hz; the
 * simulator treats one older than 0.5 s as stale). Here the "estimator" is the truth plus
 * a little noise.
 *   npx tsx examples/vrobots/ex12_publish_estimate.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('publish_estimate');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    const noisy = (v: number) => v + (Math.random() - 0.5) * 0.1;
    const rate = robot.rate(25);
    let sent = 0;
    if (rate.ok) {
      for (let i = 0; i < env.seconds * 25; i++) {
        const k = robot.states().kinematics;
        const r = robot.publishEstimate(
          {
            position: { x: noisy(k.position.x), y: noisy(k.position.y), z: noisy(k.position.z) },
            orientation: k.orientation,
            linearVelocity: k.linearVelocity,
            angularVelocity: k.angularVelocity,
            positionStd: 0.05,
            attitudeStd: 0.01,
          },
          'example-ekf',
        );
        if (r.ok) sent++;
        else env.fail('publishEstimate', r);
        await rate.value.sleep();
      }
    }
    console.log(`published ${sent} estimates on vrobots/${robot.sysId}/z/estimate at 25 Hz`);
    const bad = robot.publishEstimate({ position: { x: Number.NaN, y: 0, z: 0 } });
    console.log(bad.ok ? 'unexpectedly accepted' : `refused before sending: ${bad.error.message}`);
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
