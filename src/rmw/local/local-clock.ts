/**
 * The in-process backend's clock. A clock read costs 50-80 ns on some hosts, as much as
 * the rest of an in-process publication, and Date.now() has only whole milliseconds: a
 * publication's source time is one monotonic read (performance.now()) plus the wall-clock
 * offset, which the delivery queue re-checks against Date.now() about once a second.
 */

let offsetMs = performance.timeOrigin;
let nextCheckMs = 0;

/** Wall time in ms since the epoch, with sub-millisecond digits. */
export function wallNowMs(): number {
  return performance.now() + offsetMs;
}

/**
 * Date.now(), the reception time of what a flush delivers; follows a stepped or slewed wall
 * clock, so wallNowMs() stays within a millisecond of it.
 */
export function receptionNowMs(): number {
  const wall = Date.now();
  if (wall >= nextCheckMs) {
    nextCheckMs = wall + 1000;
    const drift = performance.now() + offsetMs - wall;
    // Date.now() is floored: a precise reading lies in [wall, wall + 1).
    if (drift < 0 || drift >= 1) offsetMs -= drift - 0.5;
  }
  return wall;
}

/**
 * ms since the epoch (with a fraction) as ns since the epoch: one BigInt. The product is exact
 * to the 256 ns a double holds at this magnitude, which is also all the precision the ms reading has.
 */
export function msToNs(ms: number): bigint {
  return BigInt(Math.floor(ms * 1e6));
}

/**
 * Reception times are kept as ms after this instant: a small integer fits in an object's field
 * as is, while an epoch time (~1.7e12) would be boxed in a heap number per sample.
 */
export const RECEPTION_EPOCH_MS = Date.now();
