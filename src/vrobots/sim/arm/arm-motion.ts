/**
 * The arm's joints, one 4 ms tick at a time. Nothing moves unless a claim is active. RTI
 * replays the PC's targets one tick behind (a target that arrives before tick n is staged at
 * n and applied at n+1); SOFT_RTI interpolates from where the arm is to each new target over
 * one of the PC's intervals. Either stops when no command arrives for the contract's command
 * timeout; a stop ramps the joint velocities down over a few ticks.
 */
import { ARM_JOINTS, ARM_TICK_MS, JOINT_LIMITS, timeoutTicks } from '../../arm/arm-codes.js';
import type { TargetPacket } from '../../arm/rt-packet.js';
import type { ArmContract } from '../../generated/swarmbotix-types.js';

const DT_S = ARM_TICK_MS / 1000;
/** The first target of a claim farther than this from the pose (rad) trips the start-pose check. */
export const START_POSE_TOLERANCE_RAD = 0.1;

/** What a tick needs to know of the session. */
export interface MotionSession {
  readonly mode: 'RTI' | 'SOFT_RTI';
  readonly rateHz: number;
  readonly contract: ArmContract;
}

/** What a tick reports back: the arm must stop (and why), or latch an error. */
export type TickEvent = { readonly kind: 'timeout' } | { readonly kind: 'start-pose'; readonly reason: string };

interface Segment {
  readonly from: readonly number[];
  readonly to: readonly number[];
  readonly startTick: number;
  readonly ticks: number;
}

const clampJoint = (i: number, v: number): number => Math.min(JOINT_LIMITS[i]!.max, Math.max(JOINT_LIMITS[i]!.min, v));

/** Smoothstep: zero velocity at both ends of a segment. */
const CUBIC = (u: number): number => u * u * (3 - 2 * u);

export class ArmMotion {
  readonly positions: number[] = new Array<number>(ARM_JOINTS).fill(0);
  readonly velocities: number[] = new Array<number>(ARM_JOINTS).fill(0);
  /** Last target the arm applied (echoed in the state stream). */
  appliedSeq = 0;
  appliedSentMs = 0;
  /** Tick at which the last command arrived (or the claim began). */
  lastCommandTick = 0;
  /** Targets taken from the stream while claimed. */
  targetsTaken = 0;
  private incoming: TargetPacket | undefined;
  private staged: TargetPacket | undefined;
  private segment: Segment | undefined;
  /** RTI: the last applied target, pursued until reached when a limit cut a step short. */
  private goal: readonly number[] | undefined;
  private firstOfClaim = true;
  private stopLeft = 0;

  /** Holds the arm where it is: forgets every pending target. */
  hold(): void {
    this.incoming = undefined;
    this.staged = undefined;
    this.segment = undefined;
    this.goal = undefined;
    this.velocities.fill(0);
  }

  /** A claim begins at tick `n`: the watchdog counts from here, the start-pose check is armed. */
  beginClaim(n: number): void {
    this.hold();
    this.lastCommandTick = n;
    this.firstOfClaim = true;
  }

  /** A target from the paired PC; the latest one before a tick wins. */
  offer(target: TargetPacket): void {
    this.incoming = target;
  }

  /** Ramps the joints down over `ticks` ticks. */
  beginStop(ticks: number): void {
    this.incoming = undefined;
    this.staged = undefined;
    this.segment = undefined;
    this.goal = undefined;
    this.stopLeft = Math.max(1, ticks);
  }

  isStopping(): boolean {
    return this.stopLeft > 0;
  }

  /** One tick `n`: claimed -> apply the session's commands; stopping -> ramp down; else hold. */
  tick(n: number, claimed: MotionSession | undefined): TickEvent | undefined {
    const before = [...this.positions];
    let event: TickEvent | undefined;
    if (this.stopLeft > 0) {
      const keep = (this.stopLeft - 1) / this.stopLeft;
      for (let i = 0; i < ARM_JOINTS; i++) {
        this.positions[i] = clampJoint(i, this.positions[i]! + this.velocities[i]! * keep * DT_S);
      }
      this.stopLeft--;
    } else if (claimed !== undefined) {
      event = claimed.mode === 'RTI' ? this.rtiTick(n, claimed.contract) : this.softTick(n, claimed);
    } else {
      this.incoming = undefined;
    }
    for (let i = 0; i < ARM_JOINTS; i++) this.velocities[i] = (this.positions[i]! - before[i]!) / DT_S;
    return event;
  }

  private rtiTick(n: number, contract: ArmContract): TickEvent | undefined {
    const applied = this.staged;
    this.staged = this.incoming;
    this.incoming = undefined;
    if (this.staged !== undefined) {
      this.lastCommandTick = n;
      this.targetsTaken++;
    }
    if (applied !== undefined) {
      const refused = this.startPose(applied.positions, contract);
      if (refused !== undefined) return refused;
      this.goal = applied.positions;
      this.appliedSeq = applied.seq;
      this.appliedSentMs = applied.sentMs;
    }
    if (this.goal !== undefined) this.moveToward(this.goal, contract, contract.paceLimitRad);
    if (n - this.lastCommandTick >= timeoutTicks(contract.commandTimeoutS)) return { kind: 'timeout' };
    return undefined;
  }

  private softTick(n: number, session: MotionSession): TickEvent | undefined {
    const contract = session.contract;
    const target = this.incoming;
    this.incoming = undefined;
    if (target !== undefined) {
      this.lastCommandTick = n;
      this.targetsTaken++;
      const refused = this.startPose(target.positions, contract);
      if (refused !== undefined) return refused;
      const intervalMs = Math.max(1000 / session.rateHz, contract.minDurationS * 1000);
      this.segment = {
        from: [...this.positions],
        to: target.positions.map((v, i) => clampJoint(i, v)),
        startTick: n,
        ticks: Math.max(1, Math.round(intervalMs / ARM_TICK_MS)),
      };
      this.appliedSeq = target.seq;
      this.appliedSentMs = target.sentMs;
    }
    const seg = this.segment;
    if (seg !== undefined) {
      const u = Math.min(1, (n - seg.startTick + 1) / seg.ticks);
      const g = contract.servoGenerator === 'cubic' ? CUBIC(u) : u;
      const next = seg.from.map((f, i) => f + (seg.to[i]! - f) * g);
      this.moveToward(next, contract, Number.POSITIVE_INFINITY);
      if (u >= 1) this.segment = undefined;
    }
    if (n - this.lastCommandTick >= timeoutTicks(contract.commandTimeoutS)) return { kind: 'timeout' };
    return undefined;
  }

  /** The start-pose check: the first target of a claim must start where the arm is. */
  private startPose(target: readonly number[], contract: ArmContract): TickEvent | undefined {
    if (!this.firstOfClaim) return undefined;
    this.firstOfClaim = false;
    if (!contract.startPoseCheck) return undefined;
    const off = Math.max(...target.map((v, i) => Math.abs(v - this.positions[i]!)));
    if (off <= START_POSE_TOLERANCE_RAD) return undefined;
    return {
      kind: 'start-pose',
      reason: `start-pose check: the first target is ${off.toFixed(3)} rad from the arm's pose (at most ${START_POSE_TOLERANCE_RAD})`,
    };
  }

  /** Steps toward `target`, inside the joint limits, the speed limits (rate limiter) and the pace limit. */
  private moveToward(target: readonly number[], contract: ArmContract, paceRad: number): void {
    for (let i = 0; i < ARM_JOINTS; i++) {
      const goal = clampJoint(i, target[i]!);
      let step = goal - this.positions[i]!;
      let limit = paceRad;
      if (contract.rateLimiter) limit = Math.min(limit, JOINT_LIMITS[i]!.maxSpeed * DT_S);
      if (Math.abs(step) > limit) step = Math.sign(step) * limit;
      this.positions[i] = this.positions[i]! + step;
    }
  }

  /** Homing puts every joint at zero. */
  home(): void {
    this.hold();
    this.positions.fill(0);
  }
}
