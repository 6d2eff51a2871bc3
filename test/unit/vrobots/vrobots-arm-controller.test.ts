// The simulated arm's controller on its own, tick by tick: the refusals in the order the
// vendor's contract implies, the mode machine, the contract reset, one-tick-behind replay,
// the watchdogs (on the tick they must, not before), interpolation and the paired sender.
import { describe, expect, it } from 'vitest';
import { type ArgValue, armValue } from '../../../src/vrobots/arm/arm-args.js';
import type { ArmVerb } from '../../../src/vrobots/arm/arm-verbs.js';
import { decodePacket, encodeHello, encodeTarget, type StatePacket } from '../../../src/vrobots/arm/rt-packet.js';
import { ArmController } from '../../../src/vrobots/sim/arm/arm-controller.js';

const PC = '127.0.0.1';
const ME = 'pc-client';

function arm(): ArmController {
  return new ArmController(() => 40000);
}

function call(a: ArmController, verb: ArmVerb, args: ArgValue[] = [], client = ME, waitOver = false) {
  const out = a.handle(verb, client, args.map(armValue), waitOver);
  if (out.kind !== 'answer') return { ok: false as const, code: -1, codeName: 'STOPPING', message: 'stopping' };
  return out.answer;
}

function codeOf(a: ArmController, verb: ArmVerb, args: ArgValue[] = [], client = ME): number | string {
  const r = call(a, verb, args, client);
  return r.ok ? 'ok' : r.code === 0 ? r.codeName : r.code;
}

function ticks(a: ArmController, n: number): (Uint8Array | undefined)[] {
  const out: (Uint8Array | undefined)[] = [];
  for (let i = 0; i < n; i++) out.push(a.tick(a.tickCount * 4));
  return out;
}

const target = (seq: number, positions: number[]) => encodeTarget(seq, seq * 4, positions);
const pose = (v: number) => [v, v, v, v, v, v];

describe('arm controller: rti_connect refusals', () => {
  it('answers 6003 for a wrong count, a bad pc_ip, rate_hz not above 0, a transport not udp/tcp', () => {
    const a = arm();
    expect(codeOf(a, 'rti_connect', [PC, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', ['300.1.1.1', undefined, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', ['localhost', undefined, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, 0, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, -5, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, Number.NaN, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, Number.POSITIVE_INFINITY, undefined])).toBe(6003);
    expect(codeOf(a, 'rti_connect', [PC, 50, 'quic'])).toBe(6003);
    expect(a.mode).toBe('IDLE');
  });

  it('answers BAD_ARGS for a value it cannot read at all (a number for pc_ip, text for rate_hz)', () => {
    const a = arm();
    expect(codeOf(a, 'rti_connect', [12, undefined, undefined])).toBe('BAD_ARGS');
    expect(codeOf(a, 'rti_connect', [PC, '50', undefined])).toBe('BAD_ARGS');
    expect(codeOf(a, 'rti_set_command_timeout', [true])).toBe('BAD_ARGS');
  });

  it('answers 6101 naming the client that holds control, and checks arguments before it', () => {
    const a = arm();
    call(a, 'arm_hold_control', ['teach-pendant']);
    const r = call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(r).toMatchObject({ ok: false, code: 6101 });
    expect(r.message).toContain('teach-pendant');
    expect(codeOf(a, 'rti_connect', ['x', undefined, undefined])).toBe(6003);
    call(a, 'arm_release_control');
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined])).toBe('ok');
    expect(a.owner).toBe(ME);
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined], 'someone-else')).toBe(6101);
  });

  it('answers 6010 while a claim is active and in the other real-time mode', () => {
    const a = arm();
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined])).toBe('ok');
    expect(codeOf(a, 'rti_connect', [PC, 50, undefined])).toBe(6010);
    expect(call(a, 'rti_connect', [PC, 50, undefined]).message).toContain('disconnect first');
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined])).toBe('ok'); // same mode, unclaimed: re-pairs
    expect(codeOf(a, 'rti_claim')).toBe('ok');
    const r = call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(r).toMatchObject({ ok: false, code: 6010 });
    expect(r.message).toContain('release first');
  });

  it('waits for a session still stopping, then answers 6010 once the wait is over', () => {
    const a = arm();
    a.tune({ stopTicks: 1000 });
    call(a, 'rti_connect', [PC, undefined, undefined]);
    call(a, 'rti_claim');
    call(a, 'rti_release');
    expect(a.handle('rti_connect', ME, [PC, undefined, undefined].map(armValue)).kind).toBe('stopping');
    expect(call(a, 'rti_connect', [PC, undefined, undefined], ME, true)).toMatchObject({ ok: false, code: 6010 });
  });

  it('answers 6014 saying why: an error latched, not enabled, not homed', () => {
    const a = arm();
    call(a, 'arm_latch_error', ['joint 3 overcurrent']);
    const latched = call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(latched).toMatchObject({ ok: false, code: 6014 });
    expect(latched.message).toContain('joint 3 overcurrent');
    call(a, 'arm_clear_error');
    call(a, 'arm_enable', [false]);
    expect(call(a, 'rti_connect', [PC, undefined, undefined]).message).toContain('not enabled');
    call(a, 'arm_enable', [true]);
    a.homed = false;
    expect(call(a, 'rti_connect', [PC, undefined, undefined]).message).toContain('not homed');
    call(a, 'arm_home');
    expect(codeOf(a, 'rti_connect', [PC, undefined, undefined])).toBe('ok');
  });

  it('answers 6026 when the request reaches the real-time controller without the PC address', () => {
    const a = arm();
    expect(codeOf(a, 'rti_connect', [undefined, undefined, undefined])).toBe(6026);
    expect(a.mode).toBe('IDLE');
  });
});

describe('arm controller: modes and the session contract', () => {
  it('RTI without rate_hz (always udp), SOFT_RTI with it (tcp when asked), IDLE after disconnect', () => {
    const a = arm();
    call(a, 'rti_connect', [PC, undefined, 'tcp']);
    expect(a.status()).toMatchObject({ mode: 1, transport: 'udp', owner: ME, claimed: false });
    call(a, 'rti_disconnect');
    expect(a.status()).toMatchObject({ mode: 0, owner: '' });
    call(a, 'rti_connect', [PC, 50, 'tcp']);
    expect(a.status()).toMatchObject({ mode: 2, transport: 'tcp', rateHz: 50 });
    expect(a.status().contract.commandTimeoutS).toBeCloseTo(0.06);
    call(a, 'rti_disconnect');
    call(a, 'rti_connect', [PC, 2, undefined]);
    expect(a.status().contract.commandTimeoutS).toBe(1); // three intervals, at most 1 s
  });

  it('each connect resets the contract; other real-time settings keep their values', () => {
    const a = arm();
    call(a, 'rti_connect', [PC, undefined, undefined]);
    call(a, 'rti_set_command_timeout', [0.5]);
    call(a, 'rti_set_servo_generator', ['cubic']);
    a.tune({
      rateLimiter: false,
      startPoseCheck: false,
      rtGravityComp: false,
      toolSpeedCap: 1.5,
      dynamicsFeedforward: true,
      minDurationS: 0.3,
      paceLimitRad: 0.5,
      stateRateHz: 50,
      rtFilterHz: 20,
    });
    call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(a.status().contract).toEqual({
      commandTimeoutS: 0.04,
      servoGenerator: 'linear',
      minDurationS: 0,
      dynamicsFeedforward: false,
      paceLimitRad: 0.02,
      stateRateHz: 250,
      rateLimiter: true,
      startPoseCheck: true,
      rtGravityComp: true,
      toolSpeedCap: 0.25,
      rtFilterHz: 20,
    });
  });

  it('the other verbs: 6010 in IDLE, 6101 for another owner, 6003 for bad values', () => {
    const a = arm();
    for (const verb of ['rti_claim', 'rti_release'] as const) expect(codeOf(a, verb)).toBe(6010);
    expect(codeOf(a, 'rti_set_command_timeout', [0.1])).toBe(6010);
    expect(codeOf(a, 'rti_disconnect')).toBe('ok');
    call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(codeOf(a, 'rti_claim', [], 'intruder')).toBe(6101);
    expect(codeOf(a, 'rti_set_command_timeout', [0])).toBe(6003);
    expect(codeOf(a, 'rti_set_command_timeout', [1.5])).toBe(6003);
    expect(codeOf(a, 'rti_set_servo_generator', ['bezier'])).toBe(6003);
    expect(codeOf(a, 'rti_claim', [1])).toBe(6003);
    expect(codeOf(a, 'latest_status')).toBe('ok');
  });
});

describe('arm controller: the real-time stream, tick by tick', () => {
  function claimed(rate?: number): ArmController {
    const a = arm();
    call(a, 'rti_connect', [PC, rate, undefined]);
    a.receive(encodeHello(0, 0), PC, 5000, 'udp');
    call(a, 'rti_claim');
    return a;
  }

  it('nothing moves before rti_claim', () => {
    const a = arm();
    call(a, 'rti_connect', [PC, undefined, undefined]);
    for (let i = 1; i <= 20; i++) {
      a.receive(target(i, pose(0.005 * i)), PC, 5000, 'udp');
      ticks(a, 1);
    }
    expect(a.motion.positions).toEqual(pose(0));
  });

  it('RTI replays each target one tick behind', () => {
    const a = claimed();
    a.receive(target(1, pose(0.005)), PC, 5000, 'udp');
    ticks(a, 1);
    expect(a.motion.positions).toEqual(pose(0)); // staged, not applied
    a.receive(target(2, pose(0.008)), PC, 5000, 'udp');
    const [s] = ticks(a, 1);
    expect(a.motion.positions.every((p) => Math.abs(p - 0.005) < 1e-12)).toBe(true);
    expect((decodePacket(s!) as StatePacket).appliedSeq).toBe(1);
    ticks(a, 1);
    expect(a.motion.positions.every((p) => Math.abs(p - 0.008) < 1e-12)).toBe(true);
  });

  it('RTI: a target the rate limiter cuts short is pursued on the next ticks until reached', () => {
    const a = claimed();
    a.receive(target(1, [0.03, 0, 0, 0, 0, 0]), PC, 5000, 'udp');
    ticks(a, 2);
    expect(a.motion.positions[0]).toBeCloseTo(2.2 * 0.004, 12); // joint 1's speed limit per tick
    ticks(a, 3);
    expect(a.motion.positions[0]).toBeCloseTo(0.03, 12);
  });

  it('RTI stops on the tenth tick (40 ms) without a command, not before', () => {
    const a = claimed();
    a.receive(target(1, pose(0)), PC, 5000, 'udp');
    ticks(a, 1);
    const last = a.tickCount;
    ticks(a, 9);
    expect(a.session?.claimed).toBe(true);
    ticks(a, 1);
    expect(a.tickCount - last).toBe(10);
    expect(a.session?.claimed).toBe(false);
    expect(a.stopReason).toBe('command timeout');
  });

  it('SOFT_RTI stops after three intervals without a target, not before', () => {
    const a = claimed(50); // 20 ms interval: 3 intervals = 60 ms = 15 ticks
    a.receive(target(1, pose(0)), PC, 5000, 'udp');
    ticks(a, 1);
    ticks(a, 14);
    expect(a.session?.claimed).toBe(true);
    ticks(a, 1);
    expect(a.session?.claimed).toBe(false);
  });

  it('SOFT_RTI interpolates between targets over one interval (linear, then cubic)', () => {
    const a = claimed(50); // 5 ticks per interval
    a.receive(target(1, pose(0.04)), PC, 5000, 'udp');
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      ticks(a, 1);
      seen.push(a.motion.positions[0]!);
    }
    expect(seen.map((v) => Number(v.toFixed(6)))).toEqual([0.008, 0.016, 0.024, 0.032, 0.04, 0.04]);
    call(a, 'rti_set_servo_generator', ['cubic']);
    a.receive(target(2, pose(0)), PC, 5000, 'udp');
    ticks(a, 1);
    const firstStep = 0.04 - a.motion.positions[0]!;
    expect(firstStep).toBeGreaterThan(0);
    expect(firstStep).toBeLessThan(0.008); // smoothstep starts slower than linear
  });

  it('ignores datagrams from anyone but the paired PC, and over the other transport', () => {
    const a = claimed();
    expect(a.receive(target(1, pose(0.005)), '127.0.0.2', 5000, 'udp')).toBe(false);
    expect(a.receive(target(1, pose(0.005)), PC, 5000, 'tcp')).toBe(false);
    ticks(a, 3);
    expect(a.motion.positions).toEqual(pose(0));
    expect(a.stream.ignored).toBe(2);
    expect(a.receive(new Uint8Array([1, 2, 3]), PC, 5000, 'udp')).toBe(false);
    expect(a.stream.malformed).toBe(1);
  });

  it('the start-pose check latches an error when the first target is far from the pose', () => {
    const a = claimed();
    a.receive(target(1, pose(0.5)), PC, 5000, 'udp');
    ticks(a, 2);
    expect(a.error).toContain('start-pose');
    expect(a.session?.claimed).toBe(false);
  });

  it('sends state every tick to the paired PC once its port is known', () => {
    const a = arm();
    call(a, 'rti_connect', [PC, undefined, undefined]);
    expect(ticks(a, 3).every((s) => s !== undefined)).toBe(true);
    expect(a.session?.pcPort).toBeUndefined();
    a.receive(encodeHello(0, 0), PC, 5001, 'udp');
    expect(a.session?.pcPort).toBe(5001);
  });
});
