/**
 * Builds the body (physics + sensors) of a new robot. The default attaches the physics
 * models of src/vrobots/sim/physics and the sensor models of src/vrobots/sim/sensors (an
 * arm's base stands still: its joints live in src/vrobots/sim/arm); a
 * test may pass its own factory.
 */
import type { Pose } from '../generated/swarmbotix-types.js';
import type { RobotType } from '../robot-type.js';
import { ModelBody } from './model-body.js';
import { createPhysicsModel } from './physics/index.js';
import type { RobotBody } from './robot-body.js';
import { SensorSuite } from './sensors/sensor-suite.js';
import { StillBody } from './still-body.js';

export interface BodySpec {
  readonly sysId: number;
  readonly robotType: RobotType;
  readonly spawn: Pose;
  readonly noiseSeed: number;
  readonly sensorNoise: boolean;
}

export type RobotBodyFactory = (spec: BodySpec) => RobotBody;

export const defaultBodyFactory: RobotBodyFactory = (spec) =>
  spec.robotType === 'arm'
    ? new StillBody(spec.spawn)
    : new ModelBody(
        createPhysicsModel(spec.robotType, spec.spawn),
        new SensorSuite({ seed: spec.noiseSeed, noise: spec.sensorNoise }),
      );
