import { describe, expect, it } from 'vitest';
import { CommandId } from '../../../src/vrobots/commands/command-id.js';
import type { Pose } from '../../../src/vrobots/generated/swarmbotix-types.js';
import {
  FixedWingModel,
  HALFDRONE_SPEC,
  MULTIROTOR_SPEC,
  PHYSICS_DT_S,
  RotorcraftModel,
} from '../../../src/vrobots/sim/physics/index.js';
import { SensorSuite } from '../../../src/vrobots/sim/sensors/index.js';

const at = (y: number): Pose => ({ position: { x: 0, y, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });

describe('a rigid body hands out its kinematics without copies', () => {
  it('serves one frozen, live view: a step changes its vectors in place', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(10));
    m.step(PHYSICS_DT_S);
    const first = m.kinematics();
    const position = first.position;
    expect(m.kinematics()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const y = first.position.y;
    m.step(PHYSICS_DT_S);
    // The same view and the same vectors, now saying where the body is (a reader copies to keep).
    expect(m.kinematics()).toBe(first);
    expect(first.position).toBe(position);
    expect(first.position.y).toBeLessThan(y);
    expect(m.wrench()).toBe(m.wrench());
  });

  it('gives a new view after reset, and the old one no longer moves', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(10));
    m.step(PHYSICS_DT_S);
    const old = m.kinematics();
    m.reset();
    m.step(PHYSICS_DT_S);
    const fresh = m.kinematics();
    expect(fresh).not.toBe(old);
    const y = old.position.y;
    m.step(PHYSICS_DT_S);
    expect(old.position.y).toBe(y);
  });

  // A kinematic setpoint is applied against the motion before the step; the step changes the
  // body's vectors in place, so that motion must have been copied first, or these read the
  // motion after it instead.
  // (The fixed wing takes SET_ANGVEL as its rate loop's command, not as a setpoint.)
  for (const [name, make, rateSetpoint] of [
    ['multirotor', () => new RotorcraftModel(MULTIROTOR_SPEC, at(10)), true],
    ['half-drone', () => new RotorcraftModel(HALFDRONE_SPEC, at(10)), true],
    ['fixed wing', () => new FixedWingModel(at(100)), false],
  ] as const) {
    it(`${name}: kinematic setpoints integrate from the pose before the step`, () => {
      const m = make();
      for (let i = 0; i < 5; i++) m.step(PHYSICS_DT_S);
      m.applyCommand(CommandId.SET_VEL, { vec3: { x: 2, y: 0, z: 0 } });
      if (rateSetpoint) m.applyCommand(CommandId.SET_ANGVEL, { vec3: { x: 0, y: 0.5, z: 0 } });
      const k0 = m.kinematics();
      const x0 = k0.position.x;
      const y0 = k0.position.y;
      const vy0 = k0.linearVelocity.y;
      m.step(PHYSICS_DT_S);
      // A setpoint puts new vectors into the body: ask for the view again after each step.
      const k1 = m.kinematics();
      expect(k1.position.x).toBeCloseTo(x0 + 2 * PHYSICS_DT_S, 12);
      expect(k1.position.y).toBeCloseTo(y0, 12);
      expect(k1.linearVelocity).toEqual({ x: 2, y: 0, z: 0 });
      expect(k1.linearAcceleration.y).toBeCloseTo(-vy0 / PHYSICS_DT_S, 9);
      const x1 = k1.position.x;
      m.step(PHYSICS_DT_S);
      const k2 = m.kinematics();
      expect(k2.position.x).toBeCloseTo(x1 + 2 * PHYSICS_DT_S, 12);
      if (rateSetpoint) {
        expect(k2.angularVelocity.y).toBe(0.5);
        expect(k2.angularAcceleration.y).toBe(0);
      }
    });
  }
});

describe('the environment follows a live kinematics view', () => {
  it('is made again when the body moves, not kept for the view', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(100));
    const suite = new SensorSuite({ seed: 1, noise: false });
    m.step(PHYSICS_DT_S);
    const high = suite.environment(m.kinematics());
    expect(suite.environment(m.kinematics())).toBe(high);
    for (let i = 0; i < 50; i++) m.step(PHYSICS_DT_S);
    const lower = suite.environment(m.kinematics());
    expect(lower.agl).toBeLessThan(high.agl - 1);
    expect(lower.airPressure).toBeGreaterThan(high.airPressure);
    expect(suite.read(m.kinematics(), 1n).barometer.pressure).toBe(lower.airPressure);
  });
});
