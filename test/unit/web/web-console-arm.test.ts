import { describe, expect, it } from 'vitest';
import { ArmStatus } from '../../../src/vrobots/index.js';
import { ARM_JOINT_COUNT, ArmModel } from '../../../web/console/arm-model.js';
import { armViewOf } from '../../../web/console/arm-view.js';
import { ANGLE_UNITS } from '../../../web/console/format.js';
import { FORGET_MS } from '../../../web/console/swarm-model.js';

/** An ArmStatus as it comes off the wire (encoded, then decoded). */
function status(sysId: number, mode: number, j0: number, extra: Partial<ArmStatus> = {}): ArmStatus {
  const bytes = ArmStatus.encode({
    header: { sysId, seq: 1n, timestampNs: 0n },
    mode,
    owner: 'pc-1',
    enabled: true,
    homed: false,
    errorLatched: true,
    errorReason: 'overheat',
    tick: 1234n,
    positions: [j0, 0.1, 0.2, 0.3, 0.4, 0.5],
    velocities: [1, 0, 0, 0, 0, -1],
    contract: { commandTimeoutS: 0.04, servoGenerator: 'linear', stateRateHz: 250, rateLimiter: true },
    ...extra,
  } as unknown as ArmStatus);
  return ArmStatus.decode(bytes);
}

describe('web console: the arm model', () => {
  it('reads a status into a plain view: the mode by name, the tick as a number, joints and contract', () => {
    const view = armViewOf(status(3, 2, 0.25, { rateHz: 125, transport: 'tcp' }), 5000);
    expect(view).toMatchObject({
      sysId: 3,
      arrivalMs: 5000,
      mode: 'SOFT_RTI',
      owner: 'pc-1',
      enabled: true,
      homed: false,
      errorLatched: true,
      errorReason: 'overheat',
      rateHz: 125,
      transport: 'tcp',
      tick: 1234,
    });
    expect(view.positions).toEqual([0.25, 0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(view.velocities).toEqual([1, 0, 0, 0, 0, -1]);
    expect(view.contract).toMatchObject({ commandTimeoutS: 0.04, servoGenerator: 'linear', stateRateHz: 250 });
    // It crosses postMessage: structured clone keeps every field.
    expect(structuredClone(view)).toEqual(view);
    expect(armViewOf(status(3, 0, 0), 0).mode).toBe('IDLE');
    expect(armViewOf(status(3, 1, 0), 0).mode).toBe('RTI');
  });

  it('keeps the latest status and each joint over time, and forgets a silent arm', () => {
    const model = new ArmModel();
    for (let i = 0; i < 5; i++) model.accept(armViewOf(status(1, 1, i / 10), 1000 + 40 * i));
    const arm = model.get(1, 1200);
    expect(arm?.statuses).toBe(5);
    expect(arm?.latest.positions[0]).toBeCloseTo(0.4, 12);
    expect(arm?.positions).toHaveLength(ARM_JOINT_COUNT);
    expect(arm?.time.length).toBe(5);
    expect(arm?.positions[0]?.at(2)).toBeCloseTo(0.2, 12);
    expect(arm?.velocities[5]?.last()).toBe(-1);
    expect(model.get(2, 1200)).toBeUndefined();
    expect(model.get(1, 1160 + FORGET_MS + 1)).toBeUndefined();
    expect(model.get(1, 1200)).toBeUndefined();
  });

  it('shows angles in rad or deg', () => {
    expect(Math.PI * ANGLE_UNITS.deg.scale).toBeCloseTo(180, 12);
    expect(ANGLE_UNITS.rad.scale).toBe(1);
  });
});
