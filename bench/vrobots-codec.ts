/**
 * Benchmark: the vrobots codec on the State the simulator publishes (a multirotor's body after
 * a few steps, sensor noise on: ~450 bytes), against protobufjs's generated code for the same
 * schema (what its static code generation emits) given and giving its own objects: without the
 * conversion to and from the SDK's plain objects (bigint 64-bit values, every field present)
 * a codec on it needs, so its figure is the most such a codec could reach. Issue 27's rule:
 * protobufjs if it comes within 1.2x of the SDK's own codec on State encode and decode.
 */
import { CommandId } from '../src/vrobots/commands/command-id.js';
import { State } from '../src/vrobots/messages/topic-messages.js';
import { defaultBodyFactory } from '../src/vrobots/sim/body-factory.js';
import { type Plain, protoRoot, toReference } from '../test/support/protobuf-reference.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import type { Figure } from './harness/results.js';

const BENCH = 'vrobots codec';
const T = 'swarmbotix.states.State';

/** A State as the simulator builds it (sim-robot.ts publishState). */
export function simulatorState(seq: number): State {
  const body = defaultBodyFactory({
    sysId: 7,
    robotType: 'multirotor',
    spawn: { position: { x: 1, y: 0, z: 2 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    noiseSeed: 7,
    sensorNoise: true,
  });
  body.applyCommand(CommandId.SET_MR_PWM, { intArr: [1600, 1600, 1600, 1600] });
  for (let i = 0; i < 25; i++) body.step(0.004);
  const stamp = 1_764_600_000_000_000_000n + BigInt(seq) * 40_000_000n;
  const actuator = body.actuator();
  return State.create({
    header: {
      srcId: 0,
      name: 'vrobots-sim',
      seq: BigInt(seq),
      timestampNs: stamp,
      schemaVersion: 1,
      sysId: 7,
      coordFrameId: 'unity',
      axisConvention: 1,
      topicFullName: 'vrobots/7/z/state',
    },
    robotType: 'multirotor',
    active: true,
    simTimeNs: 100_000_000n,
    kinematics: body.kinematics(),
    wrench: body.wrench(),
    actuator: {
      pwm: [...actuator.pwm],
      normalized: [...actuator.normalized],
      measured: [...actuator.measured],
      lastCmdId: CommandId.SET_MR_PWM,
      lastCmdSrcId: 122,
      lastCmdSeq: 3n,
    },
    sensors: body.sensors(stamp),
    environment: body.environment(),
  });
}

/** Operations per second of `op` over `iterations` calls (results kept so none is skipped). */
function rate(op: () => object, iterations: number): number {
  let keep = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) if (op() !== undefined) keep++;
  const ns = Number(process.hrtime.bigint() - t0);
  if (keep < 0) throw new Error('unreachable');
  return (iterations * 1e9) / ns;
}

export async function benchVrobotsCodec(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const Pb = protoRoot().lookupType(T);
  const states = Array.from({ length: 64 }, (_, i) => simulatorState(1000 + i));
  const plains = states as unknown as Plain[];
  const wires = plains.map((s) => toReference(T, s));
  const bytes = states.map((s) => State.encode(s));
  const theirs = Pb.encode(wires[0] as Plain).finish();
  const size = bytes[0]?.length ?? 0;
  if (Buffer.compare(Buffer.from(theirs), Buffer.from(bytes[0] as Uint8Array)) !== 0) {
    rec.error(BENCH, 'State', 'rclts', 'encodes differently from protobufjs');
    return;
  }
  let k = 0;
  const next = (): number => (k = (k + 1) & 63);
  const subjects: Record<string, () => object> = {
    'rclts encode': () => State.encode(states[next()] as State),
    'protobufjs encode': () => Pb.encode(wires[next()] as Plain).finish(),
    'rclts decode': () => State.decode(bytes[next()] as Uint8Array),
    'protobufjs decode': () => Pb.decode(bytes[next()] as Uint8Array),
  };
  const names = Object.keys(subjects);
  const iterations = 20_000; // ~50-200 ms per sample
  const rounds = byMode(mode, 9, 31);
  for (const n of names) rate(subjects[n] as () => object, iterations); // warm-up
  const samples = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++)
    for (const n of rotated(names, r)) samples.get(n)?.push(rate(subjects[n] as () => object, iterations));
  const fig = new Map<string, Figure>();
  for (const n of names)
    fig.set(
      n,
      rec.measure({
        bench: BENCH,
        case: `State, ${size} B`,
        subject: n,
        metric: 'messages/s',
        unit: 'msg/s',
        samples: samples.get(n) ?? [],
      }),
    );
  for (const op of ['encode', 'decode'] as const) {
    const row = rec.compare({
      bench: BENCH,
      case: `State, ${size} B`,
      metric: 'messages/s',
      better: 'higher',
      subject: `rclts ${op}`,
      figure: fig.get(`rclts ${op}`),
      baselineSubject: `protobufjs ${op}`,
      baseline: fig.get(`protobufjs ${op}`),
      target: { op: '>=', bound: 1.2, text: '≥ 1.2x protobufjs (else the codec would be on it)' },
      note: 'protobufjs given and giving its own objects (Long halves, defaults absent): no conversion counted',
    });
    const us = (n: string): string => (1e6 / (fig.get(n)?.value ?? Number.NaN)).toFixed(2);
    rec.log(
      `  State ${op}: rclts ${us(`rclts ${op}`)} µs, protobufjs ${us(`protobufjs ${op}`)} µs: ${row.ratio?.toFixed(2) ?? '-'}x`,
    );
  }
}
