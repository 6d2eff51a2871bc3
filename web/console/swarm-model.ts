/**
 * What the console knows about every robot, fed the samples the session worker posts and read
 * by the views once per animation frame: identity, activity, rate over
 * the last second, seq gaps, the latest kinematics, a track for the map and time series for the
 * plots. No DOM here, so it is tested under Node.
 */
import { RingBuffer } from './ring-buffer.js';
import type { StateSample, Vec } from './state-sample.js';

/** Track points kept per robot for the map (40 s at 25 Hz). */
export const TRACK_POINTS = 1000;
/** Samples kept per series for the plots (20 s at 25 Hz). */
export const SERIES_POINTS = 500;
/** Window of the rate column. */
export const RATE_WINDOW_MS = 1000;
/** A robot whose state has been silent this long is shown as stale, then dropped. */
export const STALE_MS = 1500;
export const FORGET_MS = 5000;

export const SERIES = ['px', 'py', 'pz', 'vx', 'vy', 'vz', 'a0', 'a1', 'a2', 'a3'] as const;
export type SeriesName = (typeof SERIES)[number];

export class RobotRecord {
  robotType = '';
  active = false;
  samples = 0;
  seqGaps = 0;
  missed = 0;
  lastSeq: number | undefined;
  lastArrivalMs = 0;
  /** Capture time of the newest sample (sender's clock), ms since the epoch. */
  lastStampMs = 0;
  position: Vec = { x: 0, y: 0, z: 0 };
  velocity: Vec = { x: 0, y: 0, z: 0 };
  actuators: readonly number[] = [];
  /** Incremented on every sample, so views redraw only what changed. */
  version = 0;
  readonly arrivals = new RingBuffer(128);
  readonly trackX = new RingBuffer(TRACK_POINTS);
  readonly trackZ = new RingBuffer(TRACK_POINTS);
  readonly time = new RingBuffer(SERIES_POINTS);
  readonly series: Record<SeriesName, RingBuffer> = Object.fromEntries(
    SERIES.map((name) => [name, new RingBuffer(SERIES_POINTS)]),
  ) as Record<SeriesName, RingBuffer>;

  constructor(readonly sysId: number) {}

  get speed(): number {
    return Math.hypot(this.velocity.x, this.velocity.y, this.velocity.z);
  }

  /**
   * Samples per second over the RATE_WINDOW_MS up to the newest arrival (batches reach the page a
   * little after they arrived, which would otherwise read as a lower rate); 0 once silent.
   */
  rateHz(nowMs: number): number {
    if (nowMs - this.lastArrivalMs > STALE_MS) return 0;
    let n = 0;
    for (let i = this.arrivals.length - 1; i >= 0; i--) {
      if (this.lastArrivalMs - this.arrivals.at(i) >= RATE_WINDOW_MS) break;
      n++;
    }
    return (n * 1000) / RATE_WINDOW_MS;
  }

  accept(sample: StateSample): void {
    const seq = sample.seq;
    if (this.lastSeq !== undefined && seq > this.lastSeq + 1) {
      this.seqGaps++;
      this.missed += seq - this.lastSeq - 1;
    }
    // seq back to 0 (or any step back) is a publisher restart, not a gap.
    this.lastSeq = seq;
    this.samples++;
    this.version++;
    this.robotType = sample.robotType;
    this.active = sample.active;
    this.lastArrivalMs = sample.arrivalMs;
    this.lastStampMs = sample.stampMs;
    this.arrivals.push(sample.arrivalMs);
    this.position = sample.position;
    this.velocity = sample.velocity;
    this.actuators = sample.actuators;
    this.trackX.push(this.position.x);
    this.trackZ.push(this.position.z);
    this.time.push(sample.arrivalMs);
    const s = this.series;
    s.px.push(this.position.x);
    s.py.push(this.position.y);
    s.pz.push(this.position.z);
    s.vx.push(this.velocity.x);
    s.vy.push(this.velocity.y);
    s.vz.push(this.velocity.z);
    s.a0.push(this.actuators[0] ?? Number.NaN);
    s.a1.push(this.actuators[1] ?? Number.NaN);
    s.a2.push(this.actuators[2] ?? Number.NaN);
    s.a3.push(this.actuators[3] ?? Number.NaN);
  }
}

export class SwarmModel {
  private readonly robots = new Map<number, RobotRecord>();
  /** All samples accepted, and the arrival time of the newest (for sample-to-screen latency). */
  samples = 0;
  newestArrivalMs = 0;
  newestStampMs = 0;

  accept(sample: StateSample): void {
    const id = sample.sysId;
    let record = this.robots.get(id);
    if (record === undefined) {
      record = new RobotRecord(id);
      this.robots.set(id, record);
    }
    record.accept(sample);
    this.samples++;
    this.newestArrivalMs = sample.arrivalMs;
    this.newestStampMs = sample.stampMs;
  }

  get(sysId: number): RobotRecord | undefined {
    return this.robots.get(sysId);
  }

  /** Robots heard within FORGET_MS, by sys_id; older ones are dropped (deleted or gone). */
  list(nowMs: number): RobotRecord[] {
    const live: RobotRecord[] = [];
    for (const [id, record] of this.robots) {
      if (nowMs - record.lastArrivalMs > FORGET_MS) this.robots.delete(id);
      else live.push(record);
    }
    return live.sort((a, b) => a.sysId - b.sysId);
  }

  isStale(record: RobotRecord, nowMs: number): boolean {
    return nowMs - record.lastArrivalMs > STALE_MS;
  }
}
