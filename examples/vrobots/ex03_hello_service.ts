/**
 * ex03 hello_service: the robot's services — skin (set, read back, a refusal), the scene
 * frame, activate. A refusal comes back as a `service` error carrying the simulator's words.
 *   npx tsx examples/vrobots/ex03_hello_service.ts [--router ws/HOST:PORT]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('hello_service');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('truck', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    console.log(`truck ${robot.sysId} connected`);
    const skin = await robot.setSkin('red');
    console.log(skin.ok ? 'skin set to red' : `setSkin: ${skin.error.message}`);
    const current = await robot.skin();
    console.log(current.ok ? `skin is now '${current.value}'` : `skin: ${current.error.message}`);
    const refused = await robot.setSkin('chrome-unicorn');
    console.log(refused.ok ? 'unexpectedly accepted' : `refused: ${refused.error.message}`);
    const scene = await robot.sceneFrame();
    console.log(scene.ok ? `scene frame: ${scene.value}` : `sceneFrame: ${scene.error.message}`);
    const activated = await robot.activate();
    console.log(activated.ok ? 'activate acknowledged' : `activate: ${activated.error.message}`);
    if (!skin.ok || !current.ok || refused.ok || !scene.ok || !activated.ok) process.exitCode = 1;
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
