/**
 * Your own interface package: examples/custom_interfaces/my_robot_msgs (a message using
 * std_msgs/Header and geometry_msgs/Twist, a bounded sequence of another message of its own, a
 * service) turned into TypeScript and used in-process: a robot publishes its status and serves
 * SetMode, a client switches the mode.
 *
 * In your project: `npx rclts interfaces generate my_robot_msgs --out src/generated`, then
 * `import { my_robot_msgs } from './generated/index.js'`. This example runs the same generator
 * from code, into a temporary folder, importing this checkout's runtime.
 *   npx tsx examples/custom_interfaces.ts [--router ws/127.0.0.1:10000]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Executor, type MessageType, type ServiceType } from '../src/index.js';
import { generateInterfaces } from '../src/interface-compiler/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** The shape of the generated module, written out here because the module is made at run time. */
interface RobotStatus {
  mode: number;
  battery_voltage: number;
  message: string;
  faults: { code: number; text: string }[];
}
interface MyRobotMsgs {
  readonly msg: {
    readonly RobotStatus: MessageType<RobotStatus> & {
      create(p?: Partial<RobotStatus>): RobotStatus;
      readonly MODE_IDLE: 0;
      readonly MODE_DRIVE: 1;
    };
  };
  readonly srv: { readonly SetMode: ServiceType<{ mode: number }, { accepted: boolean; previous_mode: number }> };
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 1);
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const out = join(mkdtempSync(join(tmpdir(), 'my-robot-msgs-')), 'generated');
  const generated = generateInterfaces({
    inputs: [here('./custom_interfaces/my_robot_msgs')],
    out,
    imports: {
      runtime: here('../src/rclcpp/interfaces/runtime/index.js'),
      bundledCodec: (pkg) => here(`../src/rclcpp/interfaces/generated/${pkg}/codec.js`),
    },
  });
  if (!generated.ok) {
    log(generated.error.message);
    return 1;
  }
  log(`generated ${generated.value.packages.join(', ')} (${generated.value.types} interfaces)`);
  const { my_robot_msgs } = (await import(pathToFileURL(join(out, 'index.ts')).href)) as { my_robot_msgs: MyRobotMsgs };
  const { RobotStatus } = my_robot_msgs.msg;

  const created = await Executor.create({ router: parsed.value.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  const robot = executor.createNode('robot');
  const operator = executor.createNode('operator');
  if (!robot.ok || !operator.ok) return 1;
  let mode: number = RobotStatus.MODE_IDLE;
  robot.value.createService(my_robot_msgs.srv.SetMode, 'set_mode', (req) => {
    const previous = mode;
    mode = req.mode;
    return { accepted: true, previous_mode: previous };
  });
  const status = robot.value.createPublisher(RobotStatus, 'status');
  const heard: RobotStatus[] = [];
  operator.value.createSubscription(RobotStatus, 'status', (m) => heard.push(m));
  const client = operator.value.createPollClient(my_robot_msgs.srv.SetMode, 'set_mode');
  if (!status.ok || !client.ok) return 1;

  const refused = status.value.publish(RobotStatus.create({ message: 'x'.repeat(33) }));
  log(`a 33-byte message on a string<=32 field: ${refused.ok ? 'sent?!' : refused.error.name}`);
  const reply = await client.value.call({ mode: RobotStatus.MODE_DRIVE }, 5000);
  log(
    reply.ok
      ? `SetMode(DRIVE): accepted ${reply.value.accepted}, previous mode ${reply.value.previous_mode}`
      : reply.error.message,
  );
  status.value.publish(
    RobotStatus.create({ mode, message: 'driving', faults: [{ code: 7, text: 'left wheel warm' }] }),
  );
  await executor.spinUntil(() => heard.length > 0, 5000);
  const m = heard[0];
  if (m !== undefined)
    log(
      `status: mode ${m.mode}, battery ${m.battery_voltage.toFixed(1)} V, '${m.message}', faults ${m.faults.map((f) => `${f.code} ${f.text}`).join('; ')}`,
    );
  await executor.shutdown();
  return m === undefined ? 1 : 0;
}

runIfMain(import.meta.url, main);
