/**
 * ex01 hello_states: create a multirotor and read its state at 5 Hz.
 *   npx tsx examples/vrobots/ex01_hello_states.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('hello_states');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    const t = robot.connectTimings();
    console.log(`connected to multirotor ${robot.sysId} in ${fmt(t.totalMs, 0)} ms`);
    const rate = robot.rate(5);
    if (rate.ok) {
      for (let i = 0; i < env.seconds * 5; i++) {
        const s = robot.states();
        const p = s.kinematics.position;
        const g = s.sensors.gnss;
        console.log(
          `seq ${s.header.seq}  pos (${fmt(p.x)}, ${fmt(p.y)}, ${fmt(p.z)})  baro ${fmt(s.sensors.barometer.altitude)} m  gnss ${fmt(g.lat, 6)}, ${fmt(g.lon, 6)}`,
        );
        await rate.value.sleep();
      }
    }
    const st = robot.stats();
    console.log(`received ${st.received} states, ${st.seqGaps} gaps, ${st.decodeErrors} decode errors`);
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
