// Physics sanity per robot type at the simulator's 50 Hz step.
import { describe, expect, it } from 'vitest';
import { CommandId } from '../../../src/vrobots/commands/command-id.js';
import type { Pose } from '../../../src/vrobots/generated/swarmbotix-types.js';
import {
  CartPoleModel,
  createPhysicsModel,
  FixedWingModel,
  HALFDRONE_SPEC,
  MassSpringDamperModel,
  MULTIROTOR_SPEC,
  PHYSICS_DT_S,
  type PhysicsModel,
  RotorcraftModel,
  TruckModel,
} from '../../../src/vrobots/sim/physics/index.js';

const at = (y: number): Pose => ({ position: { x: 0, y, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });

function run(model: PhysicsModel, seconds: number, each?: (t: number) => void): void {
  const steps = Math.round(seconds / PHYSICS_DT_S);
  for (let i = 0; i < steps; i++) {
    model.step(PHYSICS_DT_S);
    each?.((i + 1) * PHYSICS_DT_S);
  }
}

describe('multirotor', () => {
  it('hovers near the hover PWM and says which that is', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(10));
    const hover = Math.round(m.hoverPwm());
    expect(hover).toBeGreaterThan(1400);
    expect(hover).toBeLessThan(1700);
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [hover, hover, hover, hover] });
    run(m, 5);
    const k = m.kinematics();
    expect(Math.abs(k.position.y - 10)).toBeLessThan(2);
    expect(Math.abs(k.linearVelocity.y)).toBeLessThan(0.5);
    expect(k.orientation).toEqual({ x: 0, y: 0, z: 0, w: 1 });
    expect(m.actuator().pwm).toEqual([hover, hover, hover, hover]);
    expect(m.actuator().measured.reduce((a, b) => a + b, 0)).toBeCloseTo(1.5 * 9.80665, 0);
  });

  it('falls with 1100 and rests on the ground', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(10));
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [1100, 1100, 1100, 1100] });
    let minVy = 0;
    run(m, 1, () => {
      minVy = Math.min(minVy, m.kinematics().linearVelocity.y);
    });
    expect(minVy).toBeLessThan(-8);
    run(m, 3);
    expect(m.kinematics().position.y).toBe(0);
    expect(m.kinematics().linearVelocity.y).toBe(0);
  });

  it('climbs with full throttle and yaws with unbalanced rotor pairs', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(0));
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [2000, 2000, 2000, 2000] });
    run(m, 1);
    expect(m.kinematics().position.y).toBeGreaterThan(5);
    const h = Math.round(m.hoverPwm());
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [h + 50, h + 50, h - 50, h - 50] });
    run(m, 1);
    const w = m.kinematics().angularVelocity;
    expect(Math.abs(w.y)).toBeGreaterThan(0.1);
    expect(Math.abs(w.x) + Math.abs(w.z)).toBeLessThan(0.01);
  });

  it('ignores a PWM command of the wrong length', () => {
    const m = new RotorcraftModel(MULTIROTOR_SPEC, at(0));
    expect(m.applyCommand(CommandId.SET_MR_PWM, { intArr: [2000, 2000] })).toBe(false);
    expect(m.actuator().pwm).toEqual([]);
  });

  it('is deterministic', () => {
    const a = createPhysicsModel('multirotor', at(3));
    const b = createPhysicsModel('multirotor', at(3));
    for (const m of [a, b]) {
      m.applyCommand(CommandId.SET_MR_PWM, { intArr: [1600, 1500, 1550, 1580] });
      run(m, 2);
    }
    expect(a.kinematics()).toEqual(b.kinematics());
  });
});

describe('half-drone', () => {
  it('hovers on two rotors and stays in its plane', () => {
    const m = new RotorcraftModel(HALFDRONE_SPEC, at(5));
    const h = Math.round(m.hoverPwm());
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [h, h] });
    run(m, 3);
    expect(Math.abs(m.kinematics().position.y - 5)).toBeLessThan(2);
    m.applyCommand(CommandId.SET_MR_PWM, { intArr: [h + 30, h - 30] });
    run(m, 0.5);
    const k = m.kinematics();
    expect(Math.abs(k.angularVelocity.z)).toBeGreaterThan(0.05);
    expect(k.angularVelocity.x).toBe(0);
    expect(k.angularVelocity.y).toBe(0);
    expect(k.position.z).toBe(0);
  });
});

describe('truck', () => {
  it('moves forward with throttle above 1500 and stops with brake', () => {
    const t = new TruckModel(at(0));
    t.applyCommand(CommandId.SET_CAR, { intArr: [1500, 1800] });
    run(t, 3);
    const k = t.kinematics();
    expect(k.position.z).toBeGreaterThan(2);
    expect(Math.abs(k.position.x)).toBeLessThan(1e-9);
    expect(k.linearVelocity.z).toBeGreaterThan(1);
    t.applyCommand(CommandId.SET_CAR, { intArr: [1500, 1500, 2000] });
    run(t, 3);
    expect(t.kinematics().linearVelocity.z).toBe(0);
  });

  it('stays put at 1500 and turns right with steer above 1500', () => {
    const t = new TruckModel(at(0));
    t.applyCommand(CommandId.SET_CAR, { intArr: [1500, 1500] });
    run(t, 2);
    expect(t.kinematics().position).toEqual({ x: 0, y: 0, z: 0 });
    t.applyCommand(CommandId.SET_CAR, { intArr: [1900, 1800] });
    run(t, 2);
    const k = t.kinematics();
    expect(k.position.x).toBeGreaterThan(0.2);
    expect(k.angularVelocity.y).toBeGreaterThan(0);
    expect(t.actuator().pwm).toEqual([1900, 1800]);
  });

  it('reverses below 1500', () => {
    const t = new TruckModel(at(0));
    t.applyCommand(CommandId.SET_CAR, { intArr: [1500, 1200] });
    run(t, 2);
    expect(t.kinematics().position.z).toBeLessThan(-0.5);
  });
});

describe('mass-spring-damper', () => {
  it('oscillates about the force equilibrium and decays', () => {
    const m = new MassSpringDamperModel(at(0));
    m.applyCommand(CommandId.SET_MSD, { floatVal: 10 }); // equilibrium 10 N / 10 N/m = 1 m
    let crossings = 0;
    let last = 0;
    const peaks: number[] = [];
    let prevV = 0;
    run(m, 20, () => {
      const d = m.displacement - 1;
      if (Math.sign(d) !== Math.sign(last) && last !== 0) crossings++;
      last = d;
      const v = m.kinematics().linearVelocity.x;
      if (prevV > 0 && v <= 0) peaks.push(m.displacement);
      prevV = v;
    });
    expect(crossings).toBeGreaterThan(10);
    expect(peaks.length).toBeGreaterThan(3);
    for (let i = 1; i < peaks.length; i++) expect(peaks[i]!).toBeLessThan(peaks[i - 1]!);
    expect(peaks[0]!).toBeGreaterThan(1.5);
    run(m, 60);
    expect(m.displacement).toBeCloseTo(1, 2);
  });
});

describe('cart-pole', () => {
  it('falls without control', () => {
    const c = new CartPoleModel(at(0));
    run(c, 3);
    expect(Math.abs(c.theta)).toBeGreaterThan(1);
  });

  it('a push moves the cart and leans the pole back', () => {
    const c = new CartPoleModel(at(0));
    c.configure({ initialAngle: 0 });
    c.reset();
    c.applyCommand(CommandId.SET_INVPEN, { floatVal: 5 });
    run(c, 0.3);
    expect(c.cartPosition).toBeGreaterThan(0.05);
    expect(c.theta).toBeLessThan(-0.05);
  });

  it('a simple PD on the pole angle keeps it up', () => {
    const c = new CartPoleModel(at(0));
    run(c, 5, () => {
      const k = c.kinematics();
      const thetaDot = -k.angularVelocity.z;
      const f = 40 * c.theta + 8 * thetaDot + 1 * c.cartPosition + 2 * k.linearVelocity.x;
      c.applyCommand(CommandId.SET_INVPEN, { floatVal: f });
    });
    expect(Math.abs(c.theta)).toBeLessThan(0.05);
  });
});

describe('GlobalHawk fixed wing', () => {
  it('flies when spawned in the air with cruise thrust', () => {
    const f = new FixedWingModel(at(1000));
    f.applyCommand(CommandId.SET_FW_THRUST, { floatVal: 5200 });
    run(f, 10);
    const k = f.kinematics();
    expect(k.position.z).toBeGreaterThan(700);
    expect(Math.abs(k.position.y - 1000)).toBeLessThan(50);
  });

  it('tracks SET_ANGVEL body rates with its onboard rate loop', () => {
    const f = new FixedWingModel(at(1000));
    f.applyCommand(CommandId.SET_FW_THRUST, { floatVal: 5200 });
    f.applyCommand(CommandId.SET_ANGVEL, { vec3: { x: 0, y: 0, z: 0.05 } });
    run(f, 5);
    expect(f.kinematics().angularVelocity.z).toBeGreaterThan(0.035);
    expect(f.kinematics().angularVelocity.z).toBeLessThan(0.065);
  });

  it('takes surfaces directly in mode 1 and echoes them', () => {
    const f = new FixedWingModel(at(1000));
    f.applyCommand(CommandId.SET_FW_CTRL_MODE, { intVal: 1 });
    f.applyCommand(CommandId.SET_FW_SURFACES, { floatArr: [0.1, -0.1, 0, 0, 0, 0] });
    run(f, 1);
    expect(f.actuator().measured.slice(0, 6)).toEqual([0.1, -0.1, 0, 0, 0, 0]);
    expect(f.kinematics().angularVelocity.z).toBeGreaterThan(0.01);
  });
});

describe('common body commands and parameters', () => {
  it('SET_BODY_FORCE pushes every type', () => {
    for (const type of ['multirotor', 'msd', 'cartpole', 'truck'] as const) {
      const m = createPhysicsModel(type, at(type === 'multirotor' ? 0 : 0));
      const push =
        type === 'truck' ? { x: 0, y: 0, z: 20 } : type === 'multirotor' ? { x: 0, y: 30, z: 0 } : { x: 5, y: 0, z: 0 };
      expect(m.applyCommand(CommandId.SET_BODY_FORCE, { vec3: push })).toBe(true);
      run(m, 1);
      const p = m.kinematics().position;
      expect(Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z), type).toBeGreaterThan(0.05);
    }
  });

  it('SET_MASS and params change the physical properties', () => {
    const m = createPhysicsModel('multirotor');
    m.applyCommand(CommandId.SET_MASS, { floatVal: 3 });
    m.setPhysical(undefined, { x: 0.1, y: 0.2, z: 0.1 });
    m.setPhysical(-1, undefined);
    expect(m.physical()).toEqual({ mass: 3, principalMoments: { x: 0.1, y: 0.2, z: 0.1 } });
  });

  it('SET_POS holds a kinematic position until reset', () => {
    const m = createPhysicsModel('multirotor', at(0));
    m.applyCommand(CommandId.SET_POS, { vec3: { x: 1, y: 5, z: 2 } });
    run(m, 1);
    expect(m.kinematics().position).toEqual({ x: 1, y: 5, z: 2 });
    m.reset();
    run(m, 0.1);
    expect(m.kinematics().position.y).toBe(0);
  });

  it('reset returns to spawn with actuators idle', () => {
    const m = createPhysicsModel('truck', at(0));
    m.applyCommand(CommandId.SET_CAR, { intArr: [1500, 2000] });
    run(m, 2);
    m.reset();
    expect(m.kinematics().position).toEqual({ x: 0, y: 0, z: 0 });
    expect(m.actuator().pwm).toEqual([]);
  });
});
