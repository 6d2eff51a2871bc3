// Pins the simulator's numbers for a fixed seed and command script: every physics step's truth
// and every State it would publish, byte for byte. A speed change to physics, sensors or the
// State encode must leave these hashes as they are.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CommandId } from '../../../src/vrobots/commands/command-id.js';
import type { CmdArgsInput } from '../../../src/vrobots/commands/command-rules.js';
import { AxisConvention, type Kinematics, type Vec3 } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { State } from '../../../src/vrobots/messages/topic-messages.js';
import type { RobotType } from '../../../src/vrobots/robot-type.js';
import { defaultBodyFactory } from '../../../src/vrobots/sim/body-factory.js';
import { PHYSICS_DT_S } from '../../../src/vrobots/sim/physics/index.js';

const T0 = 1_732_900_000_000_000_000n;
const NO_ESTIMATE = State.create().estimate;

/** Commands applied at a step: the type's own actuators, then pushes, then a heavier body. */
const SCRIPT: Record<string, ReadonlyArray<readonly [number, number, CmdArgsInput]>> = {
  multirotor: [
    [0, CommandId.SET_MR_PWM, { intArr: [1580, 1560, 1575, 1555] }],
    [120, CommandId.SET_BODY_FORCE, { vec3: { x: 0.5, y: 2, z: -0.25 } }],
    [200, CommandId.SET_MR_THROTTLE, { floatArr: [0.9, 0.2, 0.85, 0.3] }],
    [260, CommandId.SET_MASS, { floatVal: 2.1 }],
    [330, CommandId.SET_MR_PWM, { intArr: [1100, 1100, 1100, 1100] }],
  ],
  halfdrone: [
    [0, CommandId.SET_MR_PWM, { intArr: [1650, 1600] }],
    [150, CommandId.SET_MR_THROTTLE, { floatArr: [0.2, 0.9] }],
    [300, CommandId.SET_MR_PWM, { intArr: [1100, 1100] }],
  ],
  globalhawk: [
    [0, CommandId.SET_FW_THRUST, { floatVal: 5200 }],
    [100, CommandId.SET_ANGVEL, { vec3: { x: 0.02, y: 0.01, z: 0.05 } }],
  ],
  truck: [
    [0, CommandId.SET_CAR, { intArr: [1800, 1650] }],
    [200, CommandId.SET_CAR, { intArr: [1300, 1400] }],
  ],
  /** On the ground: contact and friction, then kinematic setpoints. */
  'multirotor on the ground': [
    [0, CommandId.SET_MR_PWM, { intArr: [1500, 1300, 1450, 1350] }],
    [0, CommandId.SET_BODY_FT, { vec3: { x: 4, y: 0, z: -3 }, vec3Arr: [{ x: 0.2, y: 0.5, z: -0.1 }] }],
    [150, CommandId.SET_ANGVEL, { vec3: { x: 0.1, y: -0.3, z: 0.2 } }],
    [250, CommandId.SET_VEL, { vec3: { x: 1, y: 0.5, z: -1 } }],
    [320, CommandId.SET_ANGACC, { vec3: { x: 0, y: 0.4, z: 0 } }],
  ],
};

function pushVec(out: number[], v: Vec3): void {
  out.push(v.x, v.y, v.z);
}

function pushKinematics(out: number[], k: Kinematics): void {
  pushVec(out, k.position);
  out.push(k.orientation.x, k.orientation.y, k.orientation.z, k.orientation.w);
  pushVec(out, k.linearVelocity);
  pushVec(out, k.angularVelocity);
  pushVec(out, k.linearAcceleration);
  pushVec(out, k.angularAcceleration);
}

/** Hashes of the truth after each of `steps` physics steps and of the State of every second step. */
function run(label: string, steps: number): { truth: string; states: string; bytes: number } {
  const type = label.split(' ')[0] as RobotType;
  const y = type === 'globalhawk' ? 1000 : type === 'truck' || label !== type ? 0 : 20;
  const body = defaultBodyFactory({
    sysId: 7,
    robotType: type,
    spawn: { position: { x: 1.5, y, z: -2 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    noiseSeed: 1234,
    sensorNoise: true,
  });
  body.configureSensors({ header: State.create().header, opticalFlowMounted: true });
  body.setDeviceFrame?.('gnss', `${type}_7/gnss`);
  const truth = createHash('sha256');
  const states = createHash('sha256');
  let bytes = 0;
  const script = SCRIPT[label] ?? [];
  for (let i = 0; i < steps; i++) {
    for (const [at, id, args] of script) if (at === i) body.applyCommand(id, args);
    body.step(PHYSICS_DT_S);
    const nums: number[] = [];
    pushKinematics(nums, body.kinematics());
    const w = body.wrench();
    pushVec(nums, w.force);
    pushVec(nums, w.torque);
    truth.update(new Uint8Array(Float64Array.from(nums).buffer));
    if (i % 2 === 1) {
      const stamp = T0 + BigInt(i) * 20_000_000n;
      const a = body.actuator();
      const encoded = State.encode({
        header: {
          srcId: 0,
          name: 'vrobots-sim',
          seq: BigInt(i >> 1),
          timestampNs: stamp,
          schemaVersion: 1,
          sysId: 7,
          coordFrameId: 'unity',
          axisConvention: AxisConvention.UNITY,
          topicFullName: 'vrobots/7/z/state',
        },
        robotType: type,
        active: true,
        simTimeNs: BigInt(i + 1) * 20_000_000n,
        kinematics: body.kinematics(),
        wrench: body.wrench(),
        actuator: {
          pwm: a.pwm,
          normalized: a.normalized,
          measured: a.measured,
          lastCmdId: 3,
          lastCmdSrcId: 122,
          lastCmdSeq: BigInt(i),
        },
        sensors: body.sensors(stamp),
        environment: body.environment(),
        estimate: NO_ESTIMATE,
      });
      states.update(encoded);
      bytes += encoded.length;
    }
  }
  return { truth: truth.digest('hex').slice(0, 24), states: states.digest('hex').slice(0, 24), bytes };
}

describe('the simulator with a fixed seed and command script', () => {
  it.each([
    ['multirotor', 'b00bf669d61fd6c2f7ce4297', '246f8e7a715164082038cd97', 112_995],
    ['halfdrone', '8d047489577f834e5e76626a', 'a0b3b356e829bc25301f4130', 98_375],
    ['globalhawk', '9c0abaa1a41bbc27c86058ff', '4209c962a2caa827d6b3dee2', 114_450],
    ['truck', '7a8a936362848e91692daf4d', '1cca5e933820d042e90262fb', 94_600],
    ['multirotor on the ground', '99acafc5d03c788f1564d361', '6b2f4e41cde4a65986441034', 109_366],
  ] as const)('%s: same truth per step and same State bytes', (type, truth, states, bytes) => {
    expect(run(type, 400)).toEqual({ truth, states, bytes });
  });
});
