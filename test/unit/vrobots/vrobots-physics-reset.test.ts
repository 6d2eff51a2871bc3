// reset() returns a body to its spawn pose with commands cleared, but keeps the physical
// parameters a client set (SET_MASS, srv/params): the vendor's simulator resets the state,
// not the configuration.
import { describe, expect, it } from 'vitest';
import { CommandId } from '../../../src/vrobots/commands/command-id.js';
import { RobotType } from '../../../src/vrobots/robot-type.js';
import { createPhysicsModel, PHYSICS_DT_S } from '../../../src/vrobots/sim/physics/index.js';

describe('physics reset', () => {
  for (const type of Object.values(RobotType).filter((t) => t !== 'arm')) {
    it(`${type}: reset keeps the mass and moments set by SET_MASS and params, and returns to spawn`, () => {
      const spawn = { position: { x: 1, y: 2, z: 3 }, orientation: { x: 0, y: 0, z: 0, w: 1 } };
      const m = createPhysicsModel(type, spawn);
      const before = m.physical();
      m.applyCommand(CommandId.SET_MASS, { floatVal: before.mass * 2 });
      m.setPhysical(undefined, { x: 0.5, y: 0.25, z: 0.125 });
      const set = m.physical();
      expect(set.principalMoments).toEqual({ x: 0.5, y: 0.25, z: 0.125 });
      for (let i = 0; i < 50; i++) m.step(PHYSICS_DT_S);
      m.reset();
      expect(m.physical()).toEqual(set);
      expect(m.kinematics().position).toEqual(spawn.position);
    });
  }
});
