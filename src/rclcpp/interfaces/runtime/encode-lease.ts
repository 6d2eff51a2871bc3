/**
 * Large CDR encodes write into one kept buffer while a lease is open. The rclcpp layer opens
 * one around an encode and the transport call that takes its bytes (publish, respond,
 * sendRequest), which copies or writes out what it keeps before it returns (the rmw seam's
 * rule, rmw.ts); the next leased encode then writes over the same bytes. V8 counts every new
 * ArrayBuffer's bytes as old-generation growth until the next mark-compact, so a fresh 64 KiB
 * buffer per reply ran a server into a mark-compact every 40-90 calls (docs/benchmarks.md).
 */

/** Below this an encode allocates as before: small buffers are cheap and not worth a lease. */
export const LEASED_ENCODE_MIN_BYTES = 16 * 1024;
/** Above this an encode allocates as before: one huge message should not pin its size. */
export const LEASED_ENCODE_MAX_BYTES = 4 * 1024 * 1024;

let kept: Uint8Array | undefined;
let open = false;
let lent = false;

/**
 * Opens the lease unless one is open (a getter that publishes from inside an encode):
 * answers whether this call opened it, to hand to `closeEncodeLease`.
 */
export function openEncodeLease(): boolean {
  if (open) return false;
  open = true;
  lent = false;
  return true;
}

export function closeEncodeLease(opened: boolean): void {
  if (!opened) return;
  open = false;
  lent = false;
}

/**
 * The zeroed output of one encode (CDR padding is zeros): the kept buffer for the first large
 * encode of an open lease, a new buffer otherwise (every encode outside a lease, a second
 * encode inside one, small and huge ones).
 */
export function encodeOutput(size: number): Uint8Array {
  if (!open || lent || size < LEASED_ENCODE_MIN_BYTES || size > LEASED_ENCODE_MAX_BYTES) return new Uint8Array(size);
  lent = true;
  if (kept === undefined || kept.length < size) {
    kept = new Uint8Array(Math.min(LEASED_ENCODE_MAX_BYTES, 2 ** Math.ceil(Math.log2(size))));
    return kept.subarray(0, size);
  }
  const out = kept.subarray(0, size);
  out.fill(0);
  return out;
}
