/**
 * The real-time stream's datagrams: fixed little-endian layouts, not protobuf, because one
 * travels every 4 ms each way. A target carries the PC's send time (the arm echoes it back in
 * the state that applied it, which is how target-to-state latency is measured); a hello lets
 * the arm learn the PC's port before the first target.
 */
import { ARM_JOINTS } from './arm-codes.js';

const MAGIC = 0xa7;
export const PacketKind = { Target: 1, State: 2, Hello: 3 } as const;
export type PacketKind = (typeof PacketKind)[keyof typeof PacketKind];

const HEAD = 16; // magic u8, kind u8, flags u8, mode u8, seq u32, time f64
const JOINTS_BYTES = ARM_JOINTS * 8;
export const TARGET_BYTES = HEAD + JOINTS_BYTES;
export const STATE_BYTES = HEAD + 16 + 2 * JOINTS_BYTES;
export const HELLO_BYTES = HEAD;

export interface TargetPacket {
  readonly kind: typeof PacketKind.Target;
  readonly seq: number;
  /** The PC's send time, ms on its own clock. */
  readonly sentMs: number;
  readonly positions: readonly number[];
}

export interface StatePacket {
  readonly kind: typeof PacketKind.State;
  /** The arm's tick. */
  readonly tick: number;
  /** The arm's time of the tick, ms. */
  readonly tickMs: number;
  /** ArmMode value. */
  readonly mode: number;
  readonly claimed: boolean;
  readonly stopping: boolean;
  readonly errorLatched: boolean;
  /** seq of the last target the arm applied (0: none yet). */
  readonly appliedSeq: number;
  /** Its send time as the PC stamped it. */
  readonly appliedSentMs: number;
  readonly positions: readonly number[];
  readonly velocities: readonly number[];
}

export interface HelloPacket {
  readonly kind: typeof PacketKind.Hello;
  readonly seq: number;
  readonly sentMs: number;
}

export type RtPacket = TargetPacket | StatePacket | HelloPacket;

function head(view: DataView, kind: PacketKind, flags: number, mode: number, seq: number, timeMs: number): void {
  view.setUint8(0, MAGIC);
  view.setUint8(1, kind);
  view.setUint8(2, flags);
  view.setUint8(3, mode);
  view.setUint32(4, seq >>> 0, true);
  view.setFloat64(8, timeMs, true);
}

function putJoints(view: DataView, at: number, values: readonly number[]): void {
  for (let i = 0; i < ARM_JOINTS; i++) view.setFloat64(at + i * 8, values[i] ?? 0, true);
}

function getJoints(view: DataView, at: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < ARM_JOINTS; i++) out.push(view.getFloat64(at + i * 8, true));
  return out;
}

export function encodeTarget(seq: number, sentMs: number, positions: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(TARGET_BYTES);
  const view = new DataView(bytes.buffer);
  head(view, PacketKind.Target, 0, 0, seq, sentMs);
  putJoints(view, HEAD, positions);
  return bytes;
}

export function encodeHello(seq: number, sentMs: number): Uint8Array {
  const bytes = new Uint8Array(HELLO_BYTES);
  head(new DataView(bytes.buffer), PacketKind.Hello, 0, 0, seq, sentMs);
  return bytes;
}

export function encodeState(s: Omit<StatePacket, 'kind'>): Uint8Array {
  const bytes = new Uint8Array(STATE_BYTES);
  const view = new DataView(bytes.buffer);
  const flags = (s.claimed ? 1 : 0) | (s.stopping ? 2 : 0) | (s.errorLatched ? 4 : 0);
  head(view, PacketKind.State, flags, s.mode, s.tick, s.tickMs);
  view.setUint32(HEAD, s.appliedSeq >>> 0, true);
  view.setFloat64(HEAD + 8, s.appliedSentMs, true);
  putJoints(view, HEAD + 16, s.positions);
  putJoints(view, HEAD + 16 + JOINTS_BYTES, s.velocities);
  return bytes;
}

/** A packet, or undefined when the bytes are not one (wrong magic, kind or length, non-finite joints). */
export function decodePacket(bytes: Uint8Array): RtPacket | undefined {
  if (bytes.byteLength < HEAD) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== MAGIC) return undefined;
  const kind = view.getUint8(1);
  const flags = view.getUint8(2);
  const seq = view.getUint32(4, true);
  const timeMs = view.getFloat64(8, true);
  if (kind === PacketKind.Hello && bytes.byteLength === HELLO_BYTES) return { kind, seq, sentMs: timeMs };
  if (kind === PacketKind.Target && bytes.byteLength === TARGET_BYTES) {
    const positions = getJoints(view, HEAD);
    if (!positions.every(Number.isFinite)) return undefined;
    return { kind, seq, sentMs: timeMs, positions };
  }
  if (kind === PacketKind.State && bytes.byteLength === STATE_BYTES) {
    return {
      kind,
      tick: seq,
      tickMs: timeMs,
      mode: view.getUint8(3),
      claimed: (flags & 1) !== 0,
      stopping: (flags & 2) !== 0,
      errorLatched: (flags & 4) !== 0,
      appliedSeq: view.getUint32(HEAD, true),
      appliedSentMs: view.getFloat64(HEAD + 8, true),
      positions: getJoints(view, HEAD + 16),
      velocities: getJoints(view, HEAD + 16 + JOINTS_BYTES),
    };
  }
  return undefined;
}

/** TCP carries the same packets, each behind a u16 length. */
export function frame(packet: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 + packet.byteLength);
  new DataView(out.buffer).setUint16(0, packet.byteLength, true);
  out.set(packet, 2);
  return out;
}

/** Splits a TCP byte stream into packets; keeps a partial one for the next chunk. */
export class FrameReader {
  private pending = new Uint8Array(0);

  push(chunk: Uint8Array, onPacket: (packet: Uint8Array) => void): void {
    const all = new Uint8Array(this.pending.byteLength + chunk.byteLength);
    all.set(this.pending);
    all.set(chunk, this.pending.byteLength);
    let at = 0;
    while (all.byteLength - at >= 2) {
      const len = all[at]! | (all[at + 1]! << 8);
      if (all.byteLength - at - 2 < len) break;
      onPacket(all.subarray(at + 2, at + 2 + len));
      at += 2 + len;
    }
    this.pending = all.slice(at);
  }
}
