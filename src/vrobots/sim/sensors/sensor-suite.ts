/**
 * The sensors of one robot, read from physics truth: accelerometer (specific force),
 * gyroscope, magnetometer, barometer (ISA pressure, altitude against qnh), GNSS (from the
 * scene's geo origin, with Gauss-Markov position error), downward optical flow, and the
 * environment block. Noise comes from a seeded source: same seed, same readings.
 */
import {
  type Accelerometer,
  type Barometer,
  type Environment,
  type GeoPoint,
  type Gnss,
  GnssFixType,
  type Gyroscope,
  type Kinematics,
  type Magnetometer,
  type OpticalFlow,
  type Sensors,
  type SrvSensorConfig,
  type Vec3,
} from '../../generated/swarmbotix-types.js';
import { isa, pressureAltitude } from '../physics/atmosphere.js';
import { GRAVITY } from '../physics/physics-model.js';
import { rotateTo } from '../physics/vector-math.js';
import { DEFAULT_GEO_ORIGIN, earthField, worldToGeo } from './geodesy.js';
import { NoiseSource } from './noise-source.js';
import {
  applySensorConfig,
  DEFAULT_SENSOR_NOISE,
  type ImuNoiseSpec,
  noiseless,
  type SensorNoise,
} from './sensor-noise.js';

export interface SensorSuiteOptions {
  /** Seed of the noise source (SrvSensorConfig.noise_seed replaces it). */
  readonly seed: number;
  /** False: every reading is exact truth (noise configuration still kept for later). */
  readonly noise?: boolean;
  readonly geoOrigin?: GeoPoint;
  /** Ground height (world y), m. */
  readonly groundHeight?: number;
  /** Frame ids stamped on the readings (`srv/frames` changes them); absent = the body frame. */
  readonly deviceFrames?: Readonly<Partial<Record<SensorDevice, string>>>;
}

/** Device names as `SrvVRobotFrame.device_frames` uses them. */
export const SENSOR_DEVICES = ['imu', 'mag', 'baro', 'gnss', 'optical_flow'] as const;
export type SensorDevice = (typeof SENSOR_DEVICES)[number];

/** Optical flow reads nothing beyond this distance, m. */
const FLOW_MAX_RANGE_M = 30;
/** GNSS position error correlation time, s. */
const GNSS_TAU_S = 60;
const KELVIN = 273.15;

const ZERO = (): Vec3 => ({ x: 0, y: 0, z: 0 });

/** The environment's constant vectors, shared by every reading (frozen: readers only read). */
const GRAVITY_WORLD: Vec3 = Object.freeze({ x: 0, y: -GRAVITY, z: 0 });
const NO_WIND: Vec3 = Object.freeze(ZERO());

/** Where a reading's rotations land before they are used (one reading at a time: no re-entry). */
const scratch = ZERO();

/** The reading with `frameId` set when the device has its own frame (absent otherwise). */
function withFrame<R extends { frameId?: string }>(reading: R, frameId: string | undefined): R {
  if (frameId !== undefined) reading.frameId = frameId;
  return reading;
}

export class SensorSuite {
  private config: SensorNoise = DEFAULT_SENSOR_NOISE;
  private noise: NoiseSource;
  private readonly noisy: boolean;
  private readonly origin: GeoPoint;
  /** The earth field at the origin (fixed per suite, so not recomputed per reading). */
  private readonly field: Vec3;
  private readonly ground: number;
  private seed: number;
  private biases = { accelerometer: ZERO(), gyroscope: ZERO(), magnetometer: ZERO() };
  private gnssError = ZERO();
  private lastNs: bigint | undefined;
  private frames: Partial<Record<SensorDevice, string>>;
  /** The environment at the last position asked about: read() and the State's block share it. */
  private readonly envAt = ZERO();
  private env: Environment | undefined;

  constructor(options: SensorSuiteOptions) {
    this.frames = { ...options.deviceFrames };
    this.seed = options.seed;
    this.noisy = options.noise ?? true;
    this.origin = options.geoOrigin ?? DEFAULT_GEO_ORIGIN;
    this.field = earthField(this.origin);
    this.ground = options.groundHeight ?? 0;
    this.noise = new NoiseSource(this.seed);
    this.reset();
  }

  /** The noise in effect (zero everywhere when the suite was built noiseless). */
  settings(): SensorNoise {
    return this.noisy ? this.config : noiseless(this.config);
  }

  /** `srv/sensors`: absent fields keep theirs; a new seed restarts the noise sequence. */
  configure(request: SrvSensorConfig): void {
    this.config = applySensorConfig(this.config, request);
    if (request.noiseSeed !== undefined) {
      this.seed = request.noiseSeed;
      this.noise = new NoiseSource(this.seed);
      this.drawBiases();
    }
  }

  /** `srv/frames`: the frame id a device's readings carry (undefined = the body frame). */
  setDeviceFrame(device: SensorDevice, frameId: string | undefined): void {
    if (frameId === undefined) delete this.frames[device];
    else this.frames[device] = frameId;
  }

  /** New biases drawn and correlated errors cleared (robot reset). */
  reset(): void {
    this.drawBiases();
    this.gnssError = ZERO();
    this.lastNs = undefined;
  }

  private drawBiases(): void {
    const s = this.settings();
    const draw = (spec: ImuNoiseSpec): Vec3 => this.vecNoise(spec.biasStd);
    this.biases = {
      accelerometer: draw(s.accelerometer),
      gyroscope: draw(s.gyroscope),
      magnetometer: draw(s.magnetometer),
    };
  }

  private vecNoise(std: number): Vec3 {
    return { x: this.noise.normal(std), y: this.noise.normal(std), z: this.noise.normal(std) };
  }

  /**
   * Bias random walk over dt, then truth + bias + white noise. In scalars (the same draws and
   * operations in the same order as with vectors): it runs three times per published State.
   */
  private imu(
    tx: number,
    ty: number,
    tz: number,
    key: keyof SensorSuite['biases'],
    spec: ImuNoiseSpec,
    dt: number,
  ): Vec3 {
    const b = this.biases[key];
    if (spec.biasWalkStd > 0 && dt > 0) {
      // The bias vectors are the suite's own: walked in place.
      const std = spec.biasWalkStd * Math.sqrt(dt);
      const nx = this.noise.normal(std);
      const ny = this.noise.normal(std);
      const nz = this.noise.normal(std);
      b.x = b.x + nx;
      b.y = b.y + ny;
      b.z = b.z + nz;
    }
    const nx = this.noise.normal(spec.noiseStd);
    const ny = this.noise.normal(spec.noiseStd);
    const nz = this.noise.normal(spec.noiseStd);
    return { x: tx + b.x + nx, y: ty + b.y + ny, z: tz + b.z + nz };
  }

  /** Every sensor read at `nowNs` from the truth `k`. */
  read(k: Kinematics, nowNs: bigint): Sensors {
    const dt = this.lastNs === undefined || nowNs <= this.lastNs ? 0 : Number(nowNs - this.lastNs) / 1e9;
    this.lastNs = nowNs;
    const s = this.settings();
    const q = k.orientation;
    const env = this.environment(k);
    const airC = env.temperature;

    // Specific force: the acceleration less gravity, in the body.
    const la = k.linearAcceleration;
    const f = rotateTo(scratch, -q.x, -q.y, -q.z, q.w, la.x - 0, la.y - -GRAVITY, la.z - 0);
    const accel = this.imu(f.x, f.y, f.z, 'accelerometer', s.accelerometer, dt);
    const w = k.angularVelocity;
    const gyro = this.imu(w.x, w.y, w.z, 'gyroscope', s.gyroscope, dt);
    const m = rotateTo(scratch, -q.x, -q.y, -q.z, q.w, this.field.x, this.field.y, this.field.z);
    const mag = this.imu(m.x, m.y, m.z, 'magnetometer', s.magnetometer, dt);

    const b = s.barometer;
    const pressure = env.airPressure + b.pressureBias + this.noise.normal(b.pressureNoiseStd);

    // GNSS: first-order Gauss-Markov error, so a standing robot's fix wanders slowly, not jitters.
    const g = s.gps;
    const decay = dt > 0 ? Math.exp(-dt / GNSS_TAU_S) : 1;
    const drive = Math.sqrt(1 - decay * decay);
    const e = this.gnssError; // the suite's own: updated in place
    e.x = e.x * decay + this.noise.normal(g.horizontalNoiseStd * drive);
    e.y = e.y * decay + this.noise.normal(g.verticalNoiseStd * drive);
    e.z = e.z * decay + this.noise.normal(g.horizontalNoiseStd * drive);
    const p = k.position;
    scratch.x = p.x + e.x;
    scratch.y = p.y + e.y;
    scratch.z = p.z + e.z;
    const fix = worldToGeo(this.origin, scratch);
    const hasFix = g.fixType >= GnssFixType.FIX_2D;
    let velocity: Vec3;
    if (hasFix) {
      // worldToNed(v) plus noise: north, east, down
      const v = k.linearVelocity;
      const nx = this.noise.normal(g.velocityNoiseStd);
      const ny = this.noise.normal(g.velocityNoiseStd);
      const nz = this.noise.normal(g.velocityNoiseStd);
      velocity = { x: v.z + nx, y: v.x + ny, z: -v.y + nz };
    } else velocity = ZERO();

    const frames = this.frames;
    return {
      accelerometer: withFrame<Accelerometer>(
        { timestampNs: nowNs, valid: true, specificForce: accel, temperature: airC + 5 },
        frames.imu,
      ),
      gyroscope: withFrame<Gyroscope>(
        { timestampNs: nowNs, valid: true, angularVelocity: gyro, temperature: airC + 5 },
        frames.imu,
      ),
      magnetometer: withFrame<Magnetometer>({ timestampNs: nowNs, valid: true, field: mag }, frames.mag),
      barometer: withFrame<Barometer>(
        {
          timestampNs: nowNs,
          valid: true,
          pressure,
          altitude: pressureAltitude(pressure, b.qnh),
          qnh: b.qnh,
          temperature: airC,
        },
        frames.baro,
      ),
      gnss: withFrame<Gnss>(
        {
          timestampNs: nowNs,
          valid: hasFix,
          lat: hasFix ? fix.lat : 0,
          lon: hasFix ? fix.lon : 0,
          alt: hasFix ? fix.alt : 0,
          velocity,
          eph: g.eph,
          epv: g.epv,
          fixType: g.fixType,
          satellitesVisible: g.satellitesVisible,
        },
        frames.gnss,
      ),
      opticalFlow: this.opticalFlow(k, env.agl, nowNs, s),
    };
  }

  /** Ground line-of-sight rates seen along body -y (derivation in docs/vrobots-protocol.md). */
  private opticalFlow(k: Kinematics, agl: number, nowNs: bigint, s: SensorNoise): Sensors['opticalFlow'] {
    const q = k.orientation;
    const downY = rotateTo(scratch, q.x, q.y, q.z, q.w, 0, -1, 0).y;
    const distance = downY < -0.2 ? agl / -downY : Number.POSITIVE_INFINITY;
    const inRange = s.opticalFlowMounted && distance > 0.05 && distance <= FLOW_MAX_RANGE_M;
    const frame = this.frames.optical_flow;
    if (!inRange)
      return withFrame<OpticalFlow>(
        { timestampNs: nowNs, valid: false, flowX: 0, flowY: 0, groundDistance: 0, quality: 0 },
        frame,
      );
    const v = k.linearVelocity;
    const vb = rotateTo(scratch, -q.x, -q.y, -q.z, q.w, v.x, v.y, v.z);
    const w = k.angularVelocity;
    const n = s.opticalFlow;
    return withFrame<OpticalFlow>(
      {
        timestampNs: nowNs,
        valid: true,
        flowX: vb.z / distance - w.x + this.noise.normal(n.flowNoiseStd),
        flowY: -vb.x / distance - w.z + this.noise.normal(n.flowNoiseStd),
        groundDistance: distance + this.noise.normal(n.distanceNoiseStd),
        quality: Math.round(255 * (1 - distance / FLOW_MAX_RANGE_M / 2)),
      },
      frame,
    );
  }

  /**
   * The world around the robot (truth, no noise). It depends on the position alone, and is made
   * again only when that moved: read() and the State's block share one per step (a body's
   * kinematics view is live, so the position's values are the key, not the view).
   */
  environment(k: Kinematics): Environment {
    const p = k.position;
    if (this.env !== undefined && p.x === this.envAt.x && p.y === this.envAt.y && p.z === this.envAt.z) return this.env;
    const env = this.environmentAt(k);
    this.envAt.x = p.x;
    this.envAt.y = p.y;
    this.envAt.z = p.z;
    this.env = env;
    return env;
  }

  private environmentAt(k: Kinematics): Environment {
    const geo = worldToGeo(this.origin, k.position);
    const air = isa(geo.alt);
    return {
      gravity: GRAVITY_WORLD,
      airPressure: air.pressure,
      airDensity: air.density,
      temperature: air.temperature - KELVIN,
      geo,
      agl: k.position.y - this.ground,
      wind: NO_WIND,
    };
  }
}
