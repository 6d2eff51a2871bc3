/**
 * What the console knows about every robot, fed the samples the session worker posts and read
 * by the views once per animation frame: identity, activity, rate over
 * the last second, seq gaps, the latest kinematics, a track for the map and time series for the
 * plots. No DOM here, so it is tested under Node.
 */
import { RingBuffer } from './ring-buffer.js';
import { MAX_ACTUATORS, packSample, SAMPLE_WIDTH, type StateSample, typeOfIndex } from './state-sample.js';

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
  /** Updated in place on every sample (no object per sample on the page's thread). */
  readonly position: { x: number; y: number; z: number } = { x: 0, y: 0, z: 0 };
  readonly velocity: { x: number; y: number; z: number } = { x: 0, y: 0, z: 0 };
  private readonly actuatorValues: number[] = [];
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

  /** What the actuators deliver now, at most MAX_ACTUATORS. */
  get actuators(): readonly number[] {
    return this.actuatorValues;
  }

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

  /** One sample of a packed batch (state-sample.ts's layout) at `at`. */
  acceptPacked(p: Float64Array, at: number): void {
    const seq = p[at + 1] as number;
    if (this.lastSeq !== undefined && seq > this.lastSeq + 1) {
      this.seqGaps++;
      this.missed += seq - this.lastSeq - 1;
    }
    // seq back to 0 (or any step back) is a publisher restart, not a gap.
    this.lastSeq = seq;
    this.samples++;
    this.version++;
    const arrivalMs = p[at + 3] as number;
    this.robotType = typeOfIndex(p[at + 4] as number);
    this.active = p[at + 5] === 1;
    this.lastArrivalMs = arrivalMs;
    this.lastStampMs = p[at + 2] as number;
    this.arrivals.push(arrivalMs);
    const pos = this.position;
    const vel = this.velocity;
    pos.x = p[at + 6] as number;
    pos.y = p[at + 7] as number;
    pos.z = p[at + 8] as number;
    vel.x = p[at + 9] as number;
    vel.y = p[at + 10] as number;
    vel.z = p[at + 11] as number;
    const acts = this.actuatorValues;
    acts.length = 0;
    for (let i = 0; i < MAX_ACTUATORS; i++) {
      const value = p[at + 12 + i] as number;
      if (Number.isNaN(value)) break;
      acts.push(value);
    }
    this.trackX.push(pos.x);
    this.trackZ.push(pos.z);
    this.time.push(arrivalMs);
    const s = this.series;
    s.px.push(pos.x);
    s.py.push(pos.y);
    s.pz.push(pos.z);
    s.vx.push(vel.x);
    s.vy.push(vel.y);
    s.vz.push(vel.z);
    s.a0.push(p[at + 12] as number);
    s.a1.push(p[at + 13] as number);
    s.a2.push(p[at + 14] as number);
    s.a3.push(p[at + 15] as number);
  }
}

export class SwarmModel {
  private readonly robots = new Map<number, RobotRecord>();
  /** All samples accepted, and the arrival time of the newest (for sample-to-screen latency). */
  samples = 0;
  newestArrivalMs = 0;
  newestStampMs = 0;

  private readonly one = new Float64Array(SAMPLE_WIDTH);

  accept(sample: StateSample): void {
    packSample(sample, this.one, 0);
    this.acceptBatch(this.one);
  }

  /** A batch the session worker posted: SAMPLE_WIDTH doubles per sample, oldest first; every sample counts. */
  acceptBatch(packed: Float64Array): void {
    const n = packed.length - (packed.length % SAMPLE_WIDTH);
    if (n === 0) return;
    for (let at = 0; at < n; at += SAMPLE_WIDTH) {
      const id = packed[at] as number;
      let record = this.robots.get(id);
      if (record === undefined) {
        record = new RobotRecord(id);
        this.robots.set(id, record);
      }
      record.acceptPacked(packed, at);
    }
    this.samples += n / SAMPLE_WIDTH;
    this.newestArrivalMs = packed[n - SAMPLE_WIDTH + 3] as number;
    this.newestStampMs = packed[n - SAMPLE_WIDTH + 2] as number;
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
