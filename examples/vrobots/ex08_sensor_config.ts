/**
 * ex08 sensor_config: degrade the GPS, make the barometer noisy, mount an optical-flow
 * sensor (srv/sensors), then watch the readings.
 *   npx tsx examples/vrobots/ex08_sensor_config.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { GnssFixType, VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('sensor_config');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('multirotor', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    const configured = await robot.configureSensors({
      gps: { fixType: GnssFixType.FIX_2D, eph: 5, epv: 10, horizontalNoiseStd: 2, verticalNoiseStd: 4 },
      barometer: { pressureNoiseStd: 3, qnh: 1013.25 },
      accelerometer: { noiseStd: 0.05 },
      opticalFlowMounted: true,
      noiseSeed: 42,
    });
    if (!configured.ok) env.fail('configureSensors', configured);
    else console.log('sensors configured: 2D GPS fix with 2 m noise, noisy baro, optical flow mounted');
    const bad = await robot.configureSensors({ gps: { eph: Number.NaN } });
    console.log(bad.ok ? 'unexpectedly accepted' : `refused before sending: ${bad.error.message}`);
    const rate = robot.rate(4);
    if (rate.ok) {
      for (let i = 0; i < env.seconds * 4; i++) {
        await rate.value.sleep();
        const { gnss, barometer, opticalFlow, accelerometer } = robot.states().sensors;
        console.log(
          `gnss fix ${gnss.fixType} eph ${fmt(gnss.eph)}  baro ${fmt(barometer.pressure, 1)} Pa  flow valid ${opticalFlow.valid}  acc z ${fmt(accelerometer.specificForce.z)}`,
        );
      }
    }
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
