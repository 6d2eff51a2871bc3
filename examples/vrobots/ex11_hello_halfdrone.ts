/**
 * ex11 hello_halfdrone: attach to a scene-authored half-drone (it cannot be created), drive
 * its two rotors, and probe a capability: a half-drone serves no `rotors` segment, so
 * configureRotors answers no_responder — that is how a capability probe works.
 *   npx tsx examples/vrobots/ex11_hello_halfdrone.ts [--router ws/HOST:PORT --sys-id N]
 * Over a router: npx vrobots sim --router ws/HOST:PORT --robots halfdrone (it gets id 0).
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('hello_halfdrone', { sceneRobots: ['halfdrone'] });
if (env !== undefined) {
  const sysId = env.sysId ?? 0;
  // A short service budget: the probe's no_responder comes after it.
  const connected = await VirtualRobot.connect('halfdrone', sysId, { ...env.options, serviceTimeoutMs: 1500 });
  if (!connected.ok) {
    env.fail('attach', connected);
  } else {
    const robot = connected.value;
    console.log(`attached to halfdrone ${robot.sysId}`);
    // On a halfdrone's handle four values do not compile; a handle typed for any robot type
    // (what a program that learns the type at run time holds) is refused at run time instead.
    const anyType: VirtualRobot = robot;
    const four = anyType.setMrPwm([1500, 1500, 1500, 1500]);
    console.log(four.ok ? 'unexpectedly accepted' : `4 values refused: ${four.error.message}`);
    const two = robot.setMrPwm([1600, 1600]);
    if (!two.ok) env.fail('setMrPwm', two);
    // The echo on z/state is the only receipt: wait for the state that carries it.
    for (let i = 0; i < 10 && robot.states().actuator.pwm.length === 0; i++) await robot.waitNewState(1000);
    console.log(`actuator echo [${robot.states().actuator.pwm.join(', ')}]`);
    const probe = await anyType.configureRotors({ maxThrust: 8 });
    if (probe.ok) {
      console.error('hello_halfdrone: a half-drone answered on rotors?');
      process.exitCode = 1;
    } else {
      console.log(`capability probe: ${probe.error.message}`);
      if (probe.error.kind !== 'no_responder') process.exitCode = 1;
    }
    robot.setMrPwm([1100, 1100]);
    env.report(robot);
    await robot.close(); // attached: never delete a scene robot
  }
  await env.done();
}
