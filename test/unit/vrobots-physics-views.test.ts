import { describe, expect, it } from 'vitest';
import type { Pose } from '../../src/vrobots/generated/swarmbotix-types.js';
import { MULTIROTOR_SPEC, PHYSICS_DT_S, RotorcraftModel } from '../../src/vrobots/sim/physics/index.js';

const at = (y: number): Pose => ({ position: { x: 0, y, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });

describe('a rigid body hands out its kinematics without copies', () => {
  it('serves one frozen view to every reader of a step, and a fresh one after the next step', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(10));
    m.step(PHYSICS_DT_S);
    const first = m.kinematics();
    expect(m.kinematics()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const y = first.position.y;
    m.step(PHYSICS_DT_S);
    const second = m.kinematics();
    expect(second).not.toBe(first);
    // The earlier view still says where the body was: steps replace vectors, never change them.
    expect(first.position.y).toBe(y);
    expect(second.position.y).toBeLessThan(y);
  });
});
