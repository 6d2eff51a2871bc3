/**
 * ex04 hello_car: steer and throttle a truck with SET_CAR ([steer, throttle(, brake)] in
 * microseconds; 1500 is centre / stop), then brake.
 *   npx tsx examples/vrobots/ex04_hello_car.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { PWM_CENTRE_US, VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('hello_car');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('car', undefined, env.options); // 'car' is the truck's alias
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    console.log(`truck ${robot.sysId} connected`);
    const rate = robot.rate(10);
    if (rate.ok) {
      const steps = env.seconds * 10;
      for (let i = 0; i < steps; i++) {
        const steer = PWM_CENTRE_US + Math.round(300 * Math.sin((2 * Math.PI * i) / steps));
        const sent = robot.setCar(steer, 1700);
        if (!sent.ok) env.fail('setCar', sent);
        await rate.value.sleep();
        if (i % 5 === 0) {
          const s = robot.states();
          const p = s.kinematics.position;
          const v = s.kinematics.linearVelocity;
          console.log(
            `steer ${steer}  echo [${s.actuator.pwm.join(', ')}]  pos (${fmt(p.x)}, ${fmt(p.z)})  speed ${fmt(Math.hypot(v.x, v.z))} m/s`,
          );
        }
      }
    }
    robot.setCar(PWM_CENTRE_US, PWM_CENTRE_US, 2000); // stop and brake
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
