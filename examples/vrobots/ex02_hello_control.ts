/**
 * ex02 hello_control: drive a multirotor's four rotors with SET_MR_PWM and watch the
 * actuator echo on z/state (the only receipt of a command). Also reads the command bus.
 *   npx tsx examples/vrobots/ex02_hello_control.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { CommandId, PWM_MIN_US, VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('hello_control');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    console.log(`multirotor ${robot.sysId} connected`);
    // Everyone may read z/cmd: here we watch our own setpoints come back.
    const bus = robot.subscribeCommand(CommandId.SET_MR_PWM);
    const refused = robot.setMrPwm([2500, 1500, 1500, 1500]);
    if (!refused.ok) console.log(`refused as expected, nothing sent: ${refused.error.message}`);
    const rate = robot.rate(10);
    if (rate.ok) {
      const steps = env.seconds * 10;
      for (let i = 0; i < steps; i++) {
        const pwm = Math.round(PWM_MIN_US + 100 + (500 * i) / steps);
        const sent = robot.setMrPwm([pwm, pwm, pwm, pwm]);
        if (!sent.ok) env.fail('setMrPwm', sent);
        await rate.value.sleep();
        const s = robot.states();
        if (i % 5 === 0) {
          console.log(
            `sent ${pwm} us  echo [${s.actuator.pwm.join(', ')}]  z ${fmt(s.kinematics.position.z)} m  vz ${fmt(s.kinematics.linearVelocity.z)} m/s`,
          );
        }
      }
    }
    if (bus.ok) {
      const sp = bus.value.latest();
      console.log(
        `command bus: ${bus.value.stats().received} SET_MR_PWM setpoints seen, latest [${sp?.args.intArr.join(', ')}] from src_id ${sp?.srcId}`,
      );
    }
    robot.setMrPwm([PWM_MIN_US, PWM_MIN_US, PWM_MIN_US, PWM_MIN_US]);
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
