/** The headless vrobots simulator: `startSimulator(options)`. */

export type { BodySpec, RobotBodyFactory } from './body-factory.js';
export type { FaultKnobs, ReplyFault, SimCounters } from './fault-knobs.js';
export type { ActuatorReadout, RobotBody } from './robot-body.js';
export { SKINS } from './robot-service-handlers.js';
export type { SimLog } from './sim-log.js';
export type { SimulatorOptions } from './sim-options.js';
export {
  DEFAULT_ESTIMATE_STALE_MS,
  DEFAULT_FRAMES_KEEPALIVE_MS,
  DEFAULT_PHYSICS_PERIOD_MS,
  DEFAULT_SCENE_FRAME_ID,
  DEFAULT_SERVICE_DELAY_MS,
  DEFAULT_STATE_PERIOD_MS,
} from './sim-options.js';
export type { CreateRobotOptions, SimRobotInfo, Simulator } from './simulator.js';
export { startSimulator } from './simulator.js';
