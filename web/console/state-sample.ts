/**
 * What the console keeps of one State sample, and its packed form: the session worker decodes
 * States and posts batches of these as one transferable Float64Array, so the page's thread only
 * reads numbers (SAMPLE_WIDTH doubles a sample).
 */
import { catalogKeys, type State } from '../../src/vrobots/index.js';

export interface Vec {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface StateSample {
  readonly sysId: number;
  /** Header seq (exact below 2^53, which a 25 Hz topic reaches in 11 million years). */
  readonly seq: number;
  /** Capture time (sender's clock), ms since the epoch. */
  readonly stampMs: number;
  /** Arrival in the session, ms since the epoch. */
  readonly arrivalMs: number;
  readonly robotType: string;
  readonly active: boolean;
  readonly position: Vec;
  readonly velocity: Vec;
  /** What the actuators deliver now (or their normalised command when nothing is measured); at most four. */
  readonly actuators: readonly number[];
}

export const MAX_ACTUATORS = 4;
export const SAMPLE_WIDTH = 12 + MAX_ACTUATORS;
const TYPES: readonly string[] = catalogKeys();

export function sampleOfState(state: State, arrivalMs: number): StateSample {
  const k = state.kinematics;
  const a = state.actuator;
  const actuators = (a.measured.length > 0 ? a.measured : a.normalized).slice(0, MAX_ACTUATORS);
  return {
    sysId: state.header.sysId,
    seq: Number(state.header.seq),
    stampMs: Number(state.header.timestampNs / 1_000_000n),
    arrivalMs,
    robotType: state.robotType,
    active: state.active,
    position: { x: k.position.x, y: k.position.y, z: k.position.z },
    velocity: { x: k.linearVelocity.x, y: k.linearVelocity.y, z: k.linearVelocity.z },
    actuators,
  };
}

/** The robot type a packed sample's type index names ('' when unknown). */
export function typeOfIndex(index: number): string {
  return TYPES[index] ?? '';
}

/** Packs a State straight into `into` at `at`, as packSample(sampleOfState(...)) would, without the objects. */
export function packState(state: State, arrivalMs: number, into: Float64Array, at: number): void {
  const k = state.kinematics;
  const a = state.actuator;
  const actuators = a.measured.length > 0 ? a.measured : a.normalized;
  into[at] = state.header.sysId;
  into[at + 1] = Number(state.header.seq);
  into[at + 2] = Number(state.header.timestampNs / 1_000_000n);
  into[at + 3] = arrivalMs;
  into[at + 4] = TYPES.indexOf(state.robotType);
  into[at + 5] = state.active ? 1 : 0;
  into[at + 6] = k.position.x;
  into[at + 7] = k.position.y;
  into[at + 8] = k.position.z;
  into[at + 9] = k.linearVelocity.x;
  into[at + 10] = k.linearVelocity.y;
  into[at + 11] = k.linearVelocity.z;
  for (let i = 0; i < MAX_ACTUATORS; i++)
    into[at + 12 + i] = i < actuators.length ? (actuators[i] as number) : Number.NaN;
}

export function packSample(s: StateSample, into: Float64Array, at: number): void {
  into[at] = s.sysId;
  into[at + 1] = s.seq;
  into[at + 2] = s.stampMs;
  into[at + 3] = s.arrivalMs;
  into[at + 4] = TYPES.indexOf(s.robotType);
  into[at + 5] = s.active ? 1 : 0;
  into[at + 6] = s.position.x;
  into[at + 7] = s.position.y;
  into[at + 8] = s.position.z;
  into[at + 9] = s.velocity.x;
  into[at + 10] = s.velocity.y;
  into[at + 11] = s.velocity.z;
  for (let i = 0; i < MAX_ACTUATORS; i++) into[at + 12 + i] = s.actuators[i] ?? Number.NaN;
}

export function unpackSample(from: Float64Array, at: number): StateSample {
  const v = (i: number) => from[at + i] ?? Number.NaN;
  const actuators: number[] = [];
  for (let i = 0; i < MAX_ACTUATORS; i++) {
    const value = v(12 + i);
    if (Number.isNaN(value)) break;
    actuators.push(value);
  }
  return {
    sysId: v(0),
    seq: v(1),
    stampMs: v(2),
    arrivalMs: v(3),
    robotType: TYPES[v(4)] ?? '',
    active: v(5) === 1,
    position: { x: v(6), y: v(7), z: v(8) },
    velocity: { x: v(9), y: v(10), z: v(11) },
    actuators,
  };
}
