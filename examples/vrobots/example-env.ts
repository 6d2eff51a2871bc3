/**
 * What every vrobots example shares: `--router ws/HOST:PORT` (then a simulator must run
 * there: `npx vrobots sim --router ws/HOST:PORT --robots halfdrone`), otherwise the headless
 * simulator is started in this very process on the in-process backend. `--seconds N` (or
 * VROBOTS_EXAMPLE_SECONDS) shortens or lengthens the run.
 */
import { parseArgs } from 'node:util';
import {
  type ConnectOptions,
  type RobotType,
  type Simulator,
  startSimulator,
  type VirtualRobot,
  type VrErr,
} from '../../src/vrobots/index.js';

export interface ExampleEnv {
  readonly router: string | undefined;
  /** ConnectOptions for this run (the router, when given). */
  readonly options: ConnectOptions;
  /** How long the example's main loop runs. */
  readonly seconds: number;
  /** `--sys-id`, for the examples that attach. */
  readonly sysId: number | undefined;
  /** The in-process simulator (absent over a router). */
  readonly sim: Simulator | undefined;
  /** Prints an error value the vendor's way and marks the run failed. */
  fail(what: string, e: VrErr): void;
  /** Prints how many states a robot received (the example tests read this line). */
  report(robot: VirtualRobot): void;
  /** Stops what the example started; the process then exits on its own. */
  done(): Promise<void>;
}

export async function startExample(
  name: string,
  opts: { sceneRobots?: readonly RobotType[]; defaultSeconds?: number } = {},
): Promise<ExampleEnv | undefined> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (thrown) {
    console.error(`${name}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    process.exitCode = 2;
    return undefined;
  }
  const router = args.values.router;
  const secondsText = args.values.seconds ?? process.env.VROBOTS_EXAMPLE_SECONDS;
  const seconds = secondsText === undefined ? (opts.defaultSeconds ?? 2) : Number(secondsText);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error(`${name}: --seconds must be a positive number (got ${secondsText})`);
    process.exitCode = 2;
    return undefined;
  }
  const sysIdText = args.values['sys-id'];
  const sysId = sysIdText === undefined ? undefined : Number(sysIdText);
  let sim: Simulator | undefined;
  if (router === undefined) {
    const started = await startSimulator({ robots: opts.sceneRobots ?? [] });
    if (!started.ok) {
      console.error(`${name}: cannot start the in-process simulator: ${started.error.message}`);
      process.exitCode = 1;
      return undefined;
    }
    sim = started.value;
    console.log(`${name}: in-process simulator started (pass --router ws/HOST:PORT to use a remote one)`);
  } else {
    console.log(`${name}: using the simulator behind ${router}`);
  }
  return {
    router,
    options: router === undefined ? {} : { router },
    seconds,
    sysId,
    sim,
    fail(what, e) {
      console.error(`${name}: ${what}: ${e.error.message}`);
      process.exitCode = 1;
    },
    report(robot) {
      console.log(`${name}: robot ${robot.sysId}: ${robot.stats().received} state(s) received`);
    },
    async done() {
      await sim?.stop();
    },
  };
}

function parse() {
  return parseArgs({
    options: {
      router: { type: 'string' },
      seconds: { type: 'string' },
      'sys-id': { type: 'string' },
    },
    allowPositionals: false,
  });
}

export const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
