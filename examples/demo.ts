/**
 * `npm start`: the headless vrobots simulator and an SDK client in ONE process. Creates a
 * multirotor and a truck, drives them for about ten seconds with a compact live view of
 * their states, calls a few services (one of them refused, to show an error value), then
 * deletes both and exits 0.
 *
 *   npm start                                  in-process backend, no router
 *   npm start -- --router ws/127.0.0.1:10000   the same over real zenoh (simulator on that router)
 *   npm start -- --seconds 3                   a shorter drive
 */
import { parseArgs } from 'node:util';
import { type State, startSimulator, type VirtualRobot, VirtualRobot as VR, type VrErr } from '../src/vrobots/index.js';

const ESC = '\x1b[';

function fail(what: string, e: VrErr): never {
  console.error(`demo: ${what}: ${e.error.message}`);
  process.exit(1);
}

function row(robot: VirtualRobot): string {
  const s: State = robot.states();
  const p = s.kinematics.position;
  const v = s.kinematics.linearVelocity;
  const st = robot.stats();
  const pos = `(${p.x.toFixed(2)}, ${p.y.toFixed(2)}, ${p.z.toFixed(2)})`;
  const speed = Math.hypot(v.x, v.y, v.z).toFixed(2);
  return `${robot.robotType.padEnd(10)} #${String(robot.sysId).padEnd(3)} seq ${String(s.header.seq).padStart(5)}  pos ${pos.padEnd(24)} |v| ${speed.padStart(5)} m/s  pwm [${s.actuator.pwm.join(',')}]  rx ${st.received} gaps ${st.seqGaps}`;
}

async function main(): Promise<number> {
  let args: { router?: string | undefined; seconds?: string | undefined };
  try {
    args = parseArgs({ options: { router: { type: 'string' }, seconds: { type: 'string' } } }).values;
  } catch (thrown) {
    console.error(
      `demo: ${thrown instanceof Error ? thrown.message : String(thrown)}\nusage: npm start -- [--router ws/HOST:PORT] [--seconds N]`,
    );
    return 2;
  }
  const seconds = Number(args.seconds ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error(`demo: --seconds must be a positive number (got ${args.seconds})`);
    return 2;
  }
  const router = args.router;
  const where = router === undefined ? 'in-process backend (no router)' : `zenoh router ${router}`;
  console.log(`rclts vrobots demo on the ${where}`);

  const sim = await startSimulator(router === undefined ? {} : { router });
  if (!sim.ok) {
    console.error(`demo: simulator: ${sim.error.message}`);
    return 1;
  }
  const options = router === undefined ? {} : { router };
  const drone = await VR.connect('multirotor', undefined, options);
  if (!drone.ok) fail('connect multirotor', drone);
  const truck = await VR.connect('truck', undefined, { ...options, robotName: 'demo truck' });
  if (!truck.ok) fail('connect truck', truck);
  const fleet = [drone.value, truck.value];
  for (const r of fleet) {
    const t = r.connectTimings();
    const ms = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(0));
    console.log(
      `created ${r.robotType} ${r.sysId}: connect ${ms(t.totalMs)} ms (session ${ms(t.sessionMs)}, probe ${ms(t.probeMs)}, create ${ms(t.createMs)}, activate ${ms(t.activateMs)}, first state ${ms(t.firstStateMs)})`,
    );
  }

  // A few services: two accepted, one refused (its error value printed as is).
  const skin = await drone.value.setSkin('camo');
  console.log(skin.ok ? 'multirotor skin: camo' : skin.error.message);
  const refused = await truck.value.setSkin('gold-plated');
  console.log(refused.ok ? 'truck skin: gold-plated?!' : refused.error.message);
  const params = await truck.value.configureDrive({ maxSpeed: 8, wheelbase: 2.5 });
  console.log(params.ok ? 'truck drive: max speed 8 m/s, wheelbase 2.5 m' : params.error.message);
  const scene = await drone.value.sceneFrame();
  console.log(scene.ok ? `scene frame: ${scene.value}` : scene.error.message);

  // Drive for `seconds`, showing the states: redrawn in place on a terminal, every 0.5 s otherwise.
  const tty = process.stdout.isTTY === true;
  const rate = drone.value.rate(20);
  if (!rate.ok) fail('rate', rate);
  const start = performance.now();
  let lastPrint = -Infinity;
  let drawn = false;
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const t = (performance.now() - start) / 1000;
    const pwm = Math.round(1500 + 150 * Math.sin(t));
    drone.value.setMrPwm([pwm, pwm, pwm, pwm]);
    truck.value.setCar(1500 + Math.round(250 * Math.sin(t / 2)), 1650);
    await rate.value.sleep();
    const now = performance.now();
    if (tty && i % 4 === 0) {
      if (drawn) process.stdout.write(`${ESC}${fleet.length + 1}A`);
      process.stdout.write(`${ESC}2K t = ${t.toFixed(1)} s\n`);
      for (const r of fleet) process.stdout.write(`${ESC}2K${row(r)}\n`);
      drawn = true;
    } else if (!tty && now - lastPrint >= 500) {
      lastPrint = now;
      console.log(`t = ${t.toFixed(1)} s`);
      for (const r of fleet) console.log(`  ${row(r)}`);
    }
  }

  drone.value.setMrPwm([1100, 1100, 1100, 1100]);
  truck.value.setCar(1500, 1500, 2000);
  for (const r of fleet) {
    const d = await r.delete();
    if (!d.ok) fail(`delete ${r.robotType} ${r.sysId}`, d);
    console.log(`deleted ${r.robotType} ${r.sysId} (state went silent)`);
    await r.close();
  }
  const stopped = await sim.value.stop();
  if (!stopped.ok) console.error(`demo: simulator stop: ${stopped.error.message}`);
  console.log('demo done');
  return 0;
}

process.exitCode = await main();
