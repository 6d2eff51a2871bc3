/**
 * ex05 multi_robot: three robots on ONE executor that this program spins itself (the
 * robots live inside the caller's loop), each driven with its own command.
 *   npx tsx examples/vrobots/ex05_multi_robot.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { Executor } from '../../src/index.js';
import { type RobotType, VirtualRobot } from '../../src/vrobots/index.js';
import { startExample } from './example-env.js';

const env = await startExample('multi_robot');
if (env !== undefined) {
  const exec = await Executor.create(env.router === undefined ? {} : { router: env.router });
  if (!exec.ok) {
    console.error(`multi_robot: ${exec.error.message}`);
    process.exitCode = 1;
  } else {
    const executor = exec.value;
    const spinning = executor.spin(); // our loop; the robots' waits only listen
    const fleet: VirtualRobot[] = [];
    for (const type of ['multirotor', 'truck', 'msd'] as RobotType[]) {
      const r = await VirtualRobot.connect(type, undefined, { ...env.options, executor });
      if (!r.ok) env.fail(`connect ${type}`, r);
      else fleet.push(r.value);
    }
    console.log(`fleet: ${fleet.map((r) => `${r.robotType} ${r.sysId}`).join(', ')}`);
    const end = Date.now() + env.seconds * 1000;
    let tick = 0;
    while (Date.now() < end) {
      for (const robot of fleet) {
        if (robot.robotType === 'multirotor') robot.setMrPwm([1500, 1500, 1500, 1500]);
        else if (robot.robotType === 'truck') robot.setCar(1500, 1650);
        else robot.setMsdForce(Math.sin(tick / 5) * 10);
      }
      if (tick % 5 === 0) {
        console.log(
          fleet
            .map(
              (r) =>
                `${r.robotType} ${r.sysId}: seq ${r.states().header.seq} echo [${r.states().actuator.pwm.join(',')}]`,
            )
            .join(' | '),
        );
      }
      tick++;
      await new Promise((res) => setTimeout(res, 100));
    }
    for (const robot of fleet) {
      const d = await robot.delete();
      if (!d.ok) env.fail(`delete ${robot.sysId}`, d);
      env.report(robot);
      await robot.close(); // a caller's executor stays open
    }
    executor.cancel();
    await spinning;
    await executor.shutdown();
  }
  await env.done();
}
