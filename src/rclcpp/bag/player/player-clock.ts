/**
 * rosbag2_cpp's TimeControllerClock: the bag's time as playback sees it. It advances with the
 * steady clock times the rate from a reference point (ros time, steady time) re-taken at every
 * pause, resume, rate change and jump, so none of them makes time leap.
 */
import { monotonicNs } from '../../../host.js';
import { describeValue, err, ok, type Result } from '../../../result.js';

export class PlayerClock {
  private rosRefNs: bigint;
  private steadyRefNs: bigint;
  private rate: number;
  private paused = false;

  constructor(
    startNs: bigint,
    rate: number,
    private readonly steadyNow: () => bigint = monotonicNs,
  ) {
    this.rosRefNs = startNs;
    this.steadyRefNs = steadyNow();
    this.rate = rate;
  }

  /** The bag time now. */
  now(): bigint {
    if (this.paused) return this.rosRefNs;
    const elapsed = Number(this.steadyNow() - this.steadyRefNs) * this.rate;
    return this.rosRefNs + BigInt(Math.round(elapsed));
  }

  getRate(): number {
    return this.rate;
  }

  /** rosbag2 refuses a rate that is not > 0 (and keeps the old one). */
  setRate(rate: number): Result {
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
      return err('InvalidArgument', `rate must be a finite number > 0, got ${describeValue(rate)}`);
    }
    this.snapshot();
    this.rate = rate;
    return ok();
  }

  isPaused(): boolean {
    return this.paused;
  }

  pause(): void {
    if (this.paused) return;
    this.snapshot();
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.steadyRefNs = this.steadyNow();
    this.paused = false;
  }

  /** Sets the bag time (a loop's restart, a step to a message). */
  jump(rosNs: bigint): void {
    this.rosRefNs = rosNs;
    this.steadyRefNs = this.steadyNow();
  }

  /** Wall milliseconds until the bag time reaches `rosNs` (0 when it has; Infinity while paused). */
  wallDelayMs(rosNs: bigint): number {
    const ahead = rosNs - this.now();
    if (ahead <= 0n) return 0;
    if (this.paused) return Number.POSITIVE_INFINITY;
    return Number(ahead) / 1e6 / this.rate;
  }

  private snapshot(): void {
    this.rosRefNs = this.now();
    this.steadyRefNs = this.steadyNow();
  }
}
