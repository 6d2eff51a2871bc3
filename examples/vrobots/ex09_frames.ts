/**
 * ex09 frames: the scene frame (scene/srv/frame), the robot's frame definitions from
 * z/frames, and renaming frames through srv/frames.
 *   npx tsx examples/vrobots/ex09_frames.ts [--router ws/HOST:PORT]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('frames');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    const scene = await robot.sceneFrame();
    if (!scene.ok) env.fail('sceneFrame', scene);
    else console.log(`scene frame: ${scene.value}`);
    const body = await robot.frameDef();
    if (!body.ok) env.fail('frameDef', body);
    else {
      const d = body.value;
      console.log(`body frame '${d.frameId}' in '${d.parentFrameId}', static ${d.isStatic}: ${d.description}`);
    }
    console.log(
      `state is expressed in '${robot.states().header.coordFrameId}' (axis convention ${robot.states().header.axisConvention})`,
    );
    const renamed = await robot.setFrames({ deviceFrames: [{ device: 'imu', frameId: 'my_imu' }] });
    console.log(renamed.ok ? "imu frame renamed to 'my_imu'" : `setFrames: ${renamed.error.message}`);
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
