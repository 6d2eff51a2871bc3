// Sensors read from truth: physics at rest and in motion, ISA barometer, GNSS geodesy, seeded noise.
import { describe, expect, it } from 'vitest';
import { CommandId } from '../../../src/vrobots/commands/command-id.js';
import { AxisConvention, GnssFixType, type Kinematics } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { State } from '../../../src/vrobots/messages/topic-messages.js';
import { createPhysicsModel, isa, PHYSICS_DT_S, pressureAltitude } from '../../../src/vrobots/sim/physics/index.js';
import { DEFAULT_GEO_ORIGIN, NoiseSource, SensorSuite, worldToGeo } from '../../../src/vrobots/sim/sensors/index.js';

const atRest = (y = 0): Kinematics => ({
  position: { x: 0, y, z: 0 },
  orientation: { x: 0, y: 0, z: 0, w: 1 },
  linearVelocity: { x: 0, y: 0, z: 0 },
  angularVelocity: { x: 0, y: 0, z: 0 },
  linearAcceleration: { x: 0, y: 0, z: 0 },
  angularAcceleration: { x: 0, y: 0, z: 0 },
});
const T0 = 1_732_900_000_000_000_000n;

describe('sensor suite without noise', () => {
  const suite = () => new SensorSuite({ seed: 1, noise: false });

  it('accelerometer reads +g up at rest and 0 in free fall', () => {
    const s = suite().read(atRest(), T0);
    expect(s.accelerometer.specificForce.y).toBeCloseTo(9.80665, 6);
    expect(s.accelerometer.specificForce.x).toBe(0);
    const falling = { ...atRest(50), linearAcceleration: { x: 0, y: -9.80665, z: 0 } };
    expect(suite().read(falling, T0).accelerometer.specificForce.y).toBeCloseTo(0, 6);
    expect(s.accelerometer.timestampNs).toBe(T0);
    expect(s.accelerometer.valid).toBe(true);
  });

  it('gyroscope reads the body rates; magnetometer points north and down', () => {
    const k = { ...atRest(), angularVelocity: { x: 0.1, y: -0.2, z: 0.3 } };
    const s = suite().read(k, T0);
    expect(s.gyroscope.angularVelocity).toEqual({ x: 0.1, y: -0.2, z: 0.3 });
    expect(s.magnetometer.field.z).toBeGreaterThan(0.1); // north = +z
    expect(s.magnetometer.field.y).toBeLessThan(-0.3); // dips down in the northern hemisphere
  });

  it('barometer follows ISA and reads altitude against qnh', () => {
    const ground = suite().read(atRest(0), T0).barometer;
    const high = suite().read(atRest(1000), T0).barometer;
    expect(ground.pressure).toBeCloseTo(isa(DEFAULT_GEO_ORIGIN.alt).pressure, 3);
    expect(ground.altitude).toBeCloseTo(DEFAULT_GEO_ORIGIN.alt, 0);
    expect(high.altitude - ground.altitude).toBeCloseTo(1000, 0);
    expect(high.pressure).toBeLessThan(ground.pressure);
    expect(ground.qnh).toBe(1013.25);
    expect(pressureAltitude(101325, 1013.25)).toBeCloseTo(0, 6);
  });

  it('GNSS places the world origin at the geo origin and north along +z', () => {
    const s = suite().read({ ...atRest(), position: { x: 0, y: 10, z: 1000 } }, T0).gnss;
    expect(s.valid).toBe(true);
    expect(s.fixType).toBe(GnssFixType.FIX_3D);
    expect(s.lat - DEFAULT_GEO_ORIGIN.lat).toBeCloseTo(1000 / 111_200, 3);
    expect(s.lon).toBeCloseTo(DEFAULT_GEO_ORIGIN.lon, 9);
    expect(s.alt).toBeCloseTo(DEFAULT_GEO_ORIGIN.alt + 10, 6);
    const east = worldToGeo(DEFAULT_GEO_ORIGIN, { x: 1000, y: 0, z: 0 });
    expect(east.lon).toBeGreaterThan(DEFAULT_GEO_ORIGIN.lon);
  });

  it('GNSS without a fix is invalid; configuration reaches the reading', () => {
    const s = suite();
    s.configure({ header: State.create().header, gps: { fixType: GnssFixType.NO_FIX, eph: 5 } });
    const g = s.read(atRest(), T0).gnss;
    expect(g.valid).toBe(false);
    expect(g.eph).toBe(5);
  });

  it('optical flow is invalid until mounted, then sees forward motion', () => {
    const s = suite();
    const moving = { ...atRest(2), linearVelocity: { x: 0, y: 0, z: 1 } };
    expect(s.read(moving, T0).opticalFlow.valid).toBe(false);
    s.configure({ header: State.create().header, opticalFlowMounted: true });
    const f = s.read(moving, T0).opticalFlow;
    expect(f.valid).toBe(true);
    expect(f.groundDistance).toBeCloseTo(2, 6);
    expect(f.flowX).toBeCloseTo(0.5, 6);
    expect(f.flowY).toBeCloseTo(0, 6);
  });

  it('stamps device frames when set, and none by default', () => {
    const s = suite();
    expect('frameId' in s.read(atRest(), T0).gnss).toBe(false);
    s.setDeviceFrame('imu', 'multirotor_7/imu');
    const r = s.read(atRest(), T0);
    expect(r.accelerometer.frameId).toBe('multirotor_7/imu');
    expect(r.gyroscope.frameId).toBe('multirotor_7/imu');
    expect('frameId' in r.barometer).toBe(false);
  });

  it('environment: gravity, ISA air, geo point, agl', () => {
    const e = suite().environment(atRest(25));
    expect(e.gravity).toEqual({ x: 0, y: -9.80665, z: 0 });
    expect(e.airDensity).toBeGreaterThan(1.1);
    expect(e.airDensity).toBeLessThan(1.25);
    expect(e.temperature).toBeCloseTo(15 - 0.0065 * (DEFAULT_GEO_ORIGIN.alt + 25), 3);
    expect(e.agl).toBe(25);
    expect(e.geo.alt).toBe(DEFAULT_GEO_ORIGIN.alt + 25);
  });
});

describe('sensor noise', () => {
  it('is seeded: same seed, same readings; another seed differs', () => {
    const read = (seed: number) => {
      const s = new SensorSuite({ seed });
      return [0, 1, 2].map((i) => s.read(atRest(), T0 + BigInt(i) * 40_000_000n));
    };
    expect(read(7)).toEqual(read(7));
    expect(read(7)).not.toEqual(read(8));
  });

  it('has about the configured spread', () => {
    const s = new SensorSuite({ seed: 3 });
    s.configure({ header: State.create().header, gyroscope: { noiseStd: 0.01, biasStd: 0, biasWalkStd: 0 } });
    s.reset();
    const xs: number[] = [];
    for (let i = 0; i < 2000; i++) xs.push(s.read(atRest(), T0 + BigInt(i) * 40_000_000n).gyroscope.angularVelocity.x);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const std = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.002);
    expect(std).toBeGreaterThan(0.008);
    expect(std).toBeLessThan(0.012);
  });

  it('gaussian source has unit variance', () => {
    const n = new NoiseSource(42);
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < 20000; i++) {
      const g = n.gaussian();
      sum += g;
      sq += g * g;
    }
    expect(Math.abs(sum / 20000)).toBeLessThan(0.03);
    expect(sq / 20000).toBeGreaterThan(0.95);
    expect(sq / 20000).toBeLessThan(1.05);
  });
});

describe('a realistic State', () => {
  it('built from a flying multirotor stays within the ~1.2 KB budget (protobuf packs tighter than the vendor FlatBuffers)', () => {
    const sysId = 4_000_000_000;
    const model = createPhysicsModel('multirotor', {
      position: { x: 12.5, y: 30, z: -7.25 },
      orientation: { x: 0, y: 0, z: 0, w: 1 },
    });
    const body = `multirotor_${sysId}`;
    const sensors = new SensorSuite({
      seed: 9,
      deviceFrames: {
        imu: `${body}/imu`,
        mag: `${body}/mag`,
        baro: `${body}/baro`,
        gnss: `${body}/gnss`,
        optical_flow: `${body}/optical_flow`,
      },
    });
    sensors.configure({ header: State.create().header, opticalFlowMounted: true });
    model.applyCommand(CommandId.SET_MR_PWM, { intArr: [1580, 1560, 1575, 1555] });
    for (let i = 0; i < 100; i++) model.step(PHYSICS_DT_S);
    const k = model.kinematics();
    const now = T0 + 2_000_000_000n;
    const a = model.actuator();
    const state = State.create({
      header: {
        srcId: 0,
        name: 'vrobots-sim',
        seq: 12_345n,
        timestampNs: now,
        schemaVersion: 1,
        sysId,
        coordFrameId: 'unity',
        axisConvention: AxisConvention.UNITY,
        topicFullName: `vrobots/${sysId}/z/state`,
      },
      robotType: 'multirotor',
      active: true,
      simTimeNs: 2_000_000_000n,
      kinematics: k,
      wrench: model.wrench(),
      actuator: { ...a, lastCmdId: CommandId.SET_MR_PWM, lastCmdSrcId: 122, lastCmdSeq: 99n },
      sensors: sensors.read(k, now),
      environment: sensors.environment(k),
      estimate: { valid: false },
    });
    const bytes = State.encode(state);
    console.log(`State of a flying multirotor: ${bytes.length} bytes`);
    expect(bytes.length).toBeGreaterThan(600);
    expect(bytes.length).toBeLessThan(1600);
    const back = State.decode(bytes);
    expect(back.header.topicFullName).toBe('vrobots/4000000000/z/state');
    expect(back.sensors.gnss.frameId).toBe(`${body}/gnss`);
    expect(back.sensors.gnss.lat).toBe(state.sensors.gnss.lat); // doubles survive exactly
    expect(back.kinematics.position.y).toBeCloseTo(k.position.y, 4); // floats are 32-bit on the wire
  });
});
