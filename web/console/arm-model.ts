/**
 * What the console knows about every arm: its latest status and, for the plots, the joints'
 * positions and velocities over time (rad, rad/s, by arrival). Fed the statuses the session
 * worker posts; read by the arm panel once per frame. No DOM here, so it is tested under Node.
 */
import type { ArmView } from './arm-view.js';
import { RingBuffer } from './ring-buffer.js';
import { FORGET_MS, SERIES_POINTS } from './swarm-model.js';

/** Base to wrist, as the arm reports them. */
export const ARM_JOINT_COUNT = 6;

export class ArmRecord {
  readonly time = new RingBuffer(SERIES_POINTS);
  readonly positions: readonly RingBuffer[];
  readonly velocities: readonly RingBuffer[];
  statuses = 0;

  constructor(public latest: ArmView) {
    const rings = () => Array.from({ length: ARM_JOINT_COUNT }, () => new RingBuffer(SERIES_POINTS));
    this.positions = rings();
    this.velocities = rings();
  }

  push(view: ArmView): void {
    this.latest = view;
    this.statuses++;
    this.time.push(view.arrivalMs);
    for (let j = 0; j < ARM_JOINT_COUNT; j++) {
      this.positions[j]?.push(view.positions[j] ?? Number.NaN);
      this.velocities[j]?.push(view.velocities[j] ?? Number.NaN);
    }
  }
}

export class ArmModel {
  private readonly arms = new Map<number, ArmRecord>();

  accept(view: ArmView): void {
    let record = this.arms.get(view.sysId);
    if (record === undefined) {
      record = new ArmRecord(view);
      this.arms.set(view.sysId, record);
    }
    record.push(view);
  }

  /** The arm's record; undefined when it never reported or has been silent past FORGET_MS. */
  get(sysId: number, nowMs: number): ArmRecord | undefined {
    const record = this.arms.get(sysId);
    if (record !== undefined && nowMs - record.latest.arrivalMs > FORGET_MS) {
      this.arms.delete(sysId);
      return undefined;
    }
    return record;
  }
}
