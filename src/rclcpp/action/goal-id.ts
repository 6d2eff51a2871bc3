/** Goal ids (16-byte UUIDs), their map keys, and the stamps of goal infos. */
import type { Time } from '../interfaces/generated/builtin_interfaces/codec.js';
import type { UUID } from '../interfaces/generated/unique_identifier_msgs/codec.js';

export const GOAL_ID_BYTES = 16;

/** A random version-4 UUID, as rclcpp_action generates goal ids. */
export function newGoalId(): Uint8Array {
  const id = new Uint8Array(GOAL_ID_BYTES);
  globalThis.crypto.getRandomValues(id);
  id[6] = ((id[6] as number) & 0x0f) | 0x40;
  id[8] = ((id[8] as number) & 0x3f) | 0x80;
  return id;
}

export function goalIdBytes(id: UUID): Uint8Array {
  return id.uuid instanceof Uint8Array ? id.uuid : Uint8Array.from(id.uuid);
}

/** The char codes of '0'-'9', 'a'-'f'. */
const HEX_CODES: readonly number[] = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const keyCodes: number[] = [];

/**
 * Hex form: the key of goal maps and the form of goal ids in messages. Table-driven: a client
 * keys every entry of each status array it hears, and that array lists every goal the server
 * keeps. Built in one call, so the key is one flat string: appending piece by piece makes a
 * rope of 15 cells (about 500 bytes), kept by every goal a server holds until its result expires.
 */
export function goalKey(id: Uint8Array): string {
  keyCodes.length = id.length * 2;
  for (let i = 0; i < id.length; i++) {
    const b = id[i] as number;
    keyCodes[2 * i] = HEX_CODES[b >> 4] as number;
    keyCodes[2 * i + 1] = HEX_CODES[b & 15] as number;
  }
  return String.fromCharCode(...keyCodes);
}

/** The first four bytes as one number: a cheap first test before a goal's full key is built. */
export function goalHead(id: ArrayLike<number>): number {
  return ((id[0] as number) | ((id[1] as number) << 8) | ((id[2] as number) << 16) | ((id[3] as number) << 24)) >>> 0;
}

export function isZeroId(id: Uint8Array): boolean {
  return id.every((b) => b === 0);
}

export function stampOf(ns: bigint): Time {
  return { sec: Number(ns / 1_000_000_000n), nanosec: Number(ns % 1_000_000_000n) };
}

export function nsOf(t: Time): bigint {
  return BigInt(t.sec) * 1_000_000_000n + BigInt(t.nanosec);
}
