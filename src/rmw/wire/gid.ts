/**
 * Identities on the wire: the session id (rmw_zenoh's `zid` chunk of liveliness tokens),
 * entity GIDs (carried in attachments) and the node/entity id counter.
 *
 * All zenoh-ts sessions behind one bridge share its ZenohId, so the session id is random
 * per rclts context rather than `info().zid()`. It is written as zenoh writes a ZenohId
 * (lowercase hex of the little-endian u128, no leading zero), so zenoh-ext parses it where it
 * appears in advanced publisher keys and timestamps carry it as their id.
 */
import { GID_SIZE } from './attachment.js';
import { xxh3128 } from './xxh3.js';

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}

/** 32 lowercase hex characters, the first not '0' (zenoh refuses ids with leading zeros). */
export function newSessionId(): string {
  const bytes = randomBytes(16);
  if ((bytes[0] as number) < 0x10) bytes[0] = (bytes[0] as number) | 0x10;
  return gidToHex(bytes);
}

/** The 16 bytes of a session id as zenoh carries a ZenohId: little endian (the hex reversed). */
export function sessionIdBytes(sessionId: string): Uint8Array {
  const hex = sessionId.padStart(32, '0');
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(30 - 2 * i, 32 - 2 * i), 16));
}

/** 16 random bytes, stable for the life of one entity (raw naming: there is no token to hash). */
export function newGid(): Uint8Array {
  return randomBytes(GID_SIZE);
}

/**
 * rmw_zenoh's GID of an entity: XXH3-128 of its liveliness token, low half first. A peer
 * hashing the tokens in its graph finds the publisher of a sample by the GID it carries.
 */
export function gidOfToken(token: string): Uint8Array {
  return xxh3128(new TextEncoder().encode(token));
}

/** The entity's GID: from its token with ros naming, random without one. */
export function entityGid(token: string | undefined): Uint8Array {
  return token === undefined ? newGid() : gidOfToken(token);
}

export function gidToHex(gid: Uint8Array): string {
  return Array.from(gid, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One counter per context for node and entity ids (decimal strings; only uniqueness matters). */
export class EntityIdCounter {
  private next_ = 0;
  next(): string {
    const id = this.next_;
    this.next_ += 1;
    return String(id);
  }
}
