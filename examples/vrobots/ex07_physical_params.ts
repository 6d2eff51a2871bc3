/**
 * ex07 physical_params: change a robot's mass and principal moments (srv/params), and see
 * the client-side check refuse a negative mass before anything is sent.
 *   npx tsx examples/vrobots/ex07_physical_params.ts [--router ws/HOST:PORT]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('physical_params');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('msd', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    console.log(`msd ${robot.sysId} connected`);
    const heavy = await robot.setPhysicalParams({ mass: 3.5, principalMoments: [0.1, 0.2, 0.1] });
    console.log(
      heavy.ok
        ? 'mass 3.5 kg, moments (0.1, 0.2, 0.1) kg m^2 acknowledged'
        : `setPhysicalParams: ${heavy.error.message}`,
    );
    if (!heavy.ok) process.exitCode = 1;
    const bad = await robot.setPhysicalParams({ mass: -1 });
    console.log(bad.ok ? 'unexpectedly accepted' : `refused before sending: ${bad.error.message}`);
    const msd = await robot.configureMsd({ stiffness: 40, damping: 1.5 });
    console.log(msd.ok ? 'spring 40 N/m, damping 1.5 N s/m acknowledged' : `configureMsd: ${msd.error.message}`);
    robot.setMsdForce(5);
    const s = await robot.waitNewState(1000);
    if (s.ok)
      console.log(
        `msd position ${s.value.kinematics.position.x.toFixed(3)} m, force echo via wrench ${s.value.wrench.force.x.toFixed(2)} N`,
      );
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
