/**
 * The noise and mounting the simulated sensors use, with defaults, and how a
 * `SrvSensorConfig` updates them (absent fields keep their value).
 */
import { GnssFixType, type SrvSensorConfig } from '../../generated/swarmbotix-types.js';

export interface ImuNoiseSpec {
  readonly noiseStd: number;
  readonly biasStd: number;
  /** Per sqrt(s). */
  readonly biasWalkStd: number;
}

export interface SensorNoise {
  readonly accelerometer: ImuNoiseSpec;
  readonly gyroscope: ImuNoiseSpec;
  readonly magnetometer: ImuNoiseSpec;
  readonly gps: {
    readonly fixType: GnssFixType;
    readonly eph: number;
    readonly epv: number;
    readonly horizontalNoiseStd: number;
    readonly verticalNoiseStd: number;
    readonly velocityNoiseStd: number;
    readonly satellitesVisible: number;
  };
  readonly barometer: { readonly pressureNoiseStd: number; readonly pressureBias: number; readonly qnh: number };
  readonly opticalFlow: { readonly flowNoiseStd: number; readonly distanceNoiseStd: number };
  readonly opticalFlowMounted: boolean;
}

/** Consumer-grade IMU, a good single-band GNSS, a MEMS barometer. */
export const DEFAULT_SENSOR_NOISE: SensorNoise = {
  accelerometer: { noiseStd: 0.05, biasStd: 0.02, biasWalkStd: 0.001 },
  gyroscope: { noiseStd: 0.002, biasStd: 0.001, biasWalkStd: 0.0001 },
  magnetometer: { noiseStd: 0.003, biasStd: 0.002, biasWalkStd: 0 },
  gps: {
    fixType: GnssFixType.FIX_3D,
    eph: 0.8,
    epv: 1.2,
    horizontalNoiseStd: 0.5,
    verticalNoiseStd: 0.8,
    velocityNoiseStd: 0.05,
    satellitesVisible: 14,
  },
  barometer: { pressureNoiseStd: 3, pressureBias: 0, qnh: 1013.25 },
  opticalFlow: { flowNoiseStd: 0.01, distanceNoiseStd: 0.02 },
  opticalFlowMounted: false,
};

/** Every standard deviation zero (biases too); fix and mounting unchanged. */
export function noiseless(noise: SensorNoise): SensorNoise {
  const imu = { noiseStd: 0, biasStd: 0, biasWalkStd: 0 };
  return {
    ...noise,
    accelerometer: imu,
    gyroscope: imu,
    magnetometer: imu,
    gps: { ...noise.gps, horizontalNoiseStd: 0, verticalNoiseStd: 0, velocityNoiseStd: 0 },
    barometer: { ...noise.barometer, pressureNoiseStd: 0, pressureBias: 0 },
    opticalFlow: { flowNoiseStd: 0, distanceNoiseStd: 0 },
  };
}

const nonNeg = (x: number | undefined, keep: number): number =>
  x !== undefined && x >= 0 && Number.isFinite(x) ? x : keep;

function imu(old: ImuNoiseSpec, c: SrvSensorConfig['accelerometer']): ImuNoiseSpec {
  if (c === undefined) return old;
  return {
    noiseStd: nonNeg(c.noiseStd, old.noiseStd),
    biasStd: nonNeg(c.biasStd, old.biasStd),
    biasWalkStd: nonNeg(c.biasWalkStd, old.biasWalkStd),
  };
}

/** `noise` updated by a `srv/sensors` request. */
export function applySensorConfig(noise: SensorNoise, c: SrvSensorConfig): SensorNoise {
  const g = noise.gps;
  const b = noise.barometer;
  const f = noise.opticalFlow;
  return {
    accelerometer: imu(noise.accelerometer, c.accelerometer),
    gyroscope: imu(noise.gyroscope, c.gyroscope),
    magnetometer: imu(noise.magnetometer, c.magnetometer),
    gps:
      c.gps === undefined
        ? g
        : {
            fixType: c.gps.fixType ?? g.fixType,
            eph: nonNeg(c.gps.eph, g.eph),
            epv: nonNeg(c.gps.epv, g.epv),
            horizontalNoiseStd: nonNeg(c.gps.horizontalNoiseStd, g.horizontalNoiseStd),
            verticalNoiseStd: nonNeg(c.gps.verticalNoiseStd, g.verticalNoiseStd),
            velocityNoiseStd: nonNeg(c.gps.velocityNoiseStd, g.velocityNoiseStd),
            satellitesVisible: c.gps.satellitesVisible ?? g.satellitesVisible,
          },
    barometer:
      c.barometer === undefined
        ? b
        : {
            pressureNoiseStd: nonNeg(c.barometer.pressureNoiseStd, b.pressureNoiseStd),
            pressureBias:
              c.barometer.pressureBias !== undefined && Number.isFinite(c.barometer.pressureBias)
                ? c.barometer.pressureBias
                : b.pressureBias,
            qnh: c.barometer.qnh !== undefined && c.barometer.qnh > 0 ? c.barometer.qnh : b.qnh,
          },
    opticalFlow:
      c.opticalFlow === undefined
        ? f
        : {
            flowNoiseStd: nonNeg(c.opticalFlow.flowNoiseStd, f.flowNoiseStd),
            distanceNoiseStd: nonNeg(c.opticalFlow.distanceNoiseStd, f.distanceNoiseStd),
          },
    opticalFlowMounted: c.opticalFlowMounted ?? noise.opticalFlowMounted,
  };
}
