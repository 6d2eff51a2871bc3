/**
 * Identities on the wire: the session id (rmw_zenoh's `zid` chunk of liveliness tokens),
 * entity GIDs (carried in attachments) and the node/entity id counter.
 *
 * All zenoh-ts sessions behind one bridge share its ZenohId, so the session id is random
 * per rclts context rather than `info().zid()`.
 */
import { GID_SIZE } from './attachment.js';

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}

/** 32 lowercase hex characters. */
export function newSessionId(): string {
  return gidToHex(randomBytes(16));
}

/** 16 random bytes, stable for the life of one entity. */
export function newGid(): Uint8Array {
  return randomBytes(GID_SIZE);
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
