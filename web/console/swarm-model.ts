/**
 * What the console knows about every robot, fed one State sample at a time (inside the
 * executor's spin) and read by the views once per animation frame: identity, activity, rate over
 * the last second, seq gaps, the latest kinematics, a track for the map and time series for the
 * plots. No DOM here, so it is tested under Node.
 */
import type { State } from '../../src/vrobots/index.js';
import { RingBuffer } from './ring-buffer.js';

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
  lastSeq: bigint | undefined;
  lastArrivalMs = 0;
  /** Capture time of the newest sample (sender's clock), ms since the epoch. */
  lastStampMs = 0;
  position = { x: 0, y: 0, z: 0 };
  velocity = { x: 0, y: 0, z: 0 };
  actuators: number[] = [];
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

  /** Samples per second over the last RATE_WINDOW_MS before `nowMs`. */
  rateHz(nowMs: number): number {
    let n = 0;
    for (let i = this.arrivals.length - 1; i >= 0; i--) {
      if (nowMs - this.arrivals.at(i) >= RATE_WINDOW_MS) break;
      n++;
    }
    return (n * 1000) / RATE_WINDOW_MS;
  }

  accept(state: State, arrivalMs: number): void {
    const seq = state.header.seq;
    if (this.lastSeq !== undefined && seq > this.lastSeq + 1n) {
      this.seqGaps++;
      this.missed += Number(seq - this.lastSeq - 1n);
    }
    // seq back to 0 (or any step back) is a publisher restart, not a gap.
    this.lastSeq = seq;
    this.samples++;
    this.version++;
    this.robotType = state.robotType;
    this.active = state.active;
    this.lastArrivalMs = arrivalMs;
    this.lastStampMs = Number(state.header.timestampNs / 1_000_000n);
    this.arrivals.push(arrivalMs);
    const k = state.kinematics;
    this.position = { x: k.position.x, y: k.position.y, z: k.position.z };
    this.velocity = { x: k.linearVelocity.x, y: k.linearVelocity.y, z: k.linearVelocity.z };
    const a = state.actuator;
    this.actuators = a.measured.length > 0 ? [...a.measured] : [...a.normalized];
    this.trackX.push(this.position.x);
    this.trackZ.push(this.position.z);
    this.time.push(arrivalMs);
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

  accept(state: State, arrivalMs: number): void {
    const id = state.header.sysId;
    let record = this.robots.get(id);
    if (record === undefined) {
      record = new RobotRecord(id);
      this.robots.set(id, record);
    }
    record.accept(state, arrivalMs);
    this.samples++;
    this.newestArrivalMs = arrivalMs;
    this.newestStampMs = record.lastStampMs;
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
