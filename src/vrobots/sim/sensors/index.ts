/** Simulated sensors and environment, derived from physics truth with seeded noise. */
export { DEFAULT_GEO_ORIGIN, earthField, worldToGeo, worldToNed } from './geodesy.js';
export { NoiseSource } from './noise-source.js';
export {
  applySensorConfig,
  DEFAULT_SENSOR_NOISE,
  type ImuNoiseSpec,
  noiseless,
  type SensorNoise,
} from './sensor-noise.js';
export { SENSOR_DEVICES, type SensorDevice, SensorSuite, type SensorSuiteOptions } from './sensor-suite.js';
