/**
 * Rate statistics of one key, computed from what arrived during a window. Pure: the
 * observation (subscription, clock) lives in measure-rate.ts, so the arithmetic is testable
 * on made-up samples.
 */

/** One sample as seen by the observer. */
export interface RateObservation {
  /** Date.now() when the transport delivered it. */
  readonly arrivalMs: number;
  /** Payload size. */
  readonly bytes: number;
  /** Header seq, when the payload was decodable. */
  readonly seq?: bigint | undefined;
  /** Header capture time (unix ns), when the payload was decodable. */
  readonly stampNs?: bigint | undefined;
}

export interface IntervalStats {
  readonly meanMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** Standard deviation of the intervals. */
  readonly jitterMs: number;
}

export interface LatencyStats {
  readonly meanMs: number;
  readonly minMs: number;
  readonly maxMs: number;
}

export interface SeqStats {
  readonly first: bigint;
  readonly last: bigint;
  /** Places where seq jumped forward by more than one. */
  readonly gaps: number;
  /** Samples the jumps skipped over. */
  readonly missed: number;
  /** Places where seq went backwards (a publisher restart starts again from 0). */
  readonly restarts: number;
}

export interface PayloadStats {
  readonly meanBytes: number;
  readonly minBytes: number;
  readonly maxBytes: number;
  readonly bytesPerSecond: number;
}

/** What `measureRate` answers. Optional blocks are absent when the samples cannot tell. */
export interface RateReport {
  readonly key: string;
  readonly windowMs: number;
  readonly samples: number;
  /** From the first to the last arrival (count over the window with fewer than two samples). */
  readonly rateHz: number;
  readonly interval: IntervalStats | undefined;
  /** Arrival minus header capture time; absent when no header was decodable. */
  readonly latency: LatencyStats | undefined;
  readonly seq: SeqStats | undefined;
  readonly payload: PayloadStats | undefined;
}

function meanOf(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? 0 : sum / values.length;
}

function intervalStats(arrivals: readonly number[]): IntervalStats | undefined {
  if (arrivals.length < 2) return undefined;
  const gaps: number[] = [];
  for (let i = 1; i < arrivals.length; i++) gaps.push((arrivals[i] as number) - (arrivals[i - 1] as number));
  const mean = meanOf(gaps);
  const variance = meanOf(gaps.map((g) => (g - mean) ** 2));
  return { meanMs: mean, minMs: Math.min(...gaps), maxMs: Math.max(...gaps), jitterMs: Math.sqrt(variance) };
}

/**
 * An epoch stamp in ns as ms: whole ms and the fraction apart. `Number(ns) / 1e6` rounds to the
 * 256 ns a double holds at ~1.7e18, which made a sample stamped and received in the same
 * millisecond arrive 0.000256 ms before it was sent.
 */
function stampMs(ns: bigint): number {
  return Number(ns / 1_000_000n) + Number(ns % 1_000_000n) / 1e6;
}

function latencyStats(observations: readonly RateObservation[]): LatencyStats | undefined {
  const latencies: number[] = [];
  for (const o of observations) {
    if (o.stampNs === undefined || o.stampNs <= 0n) continue;
    latencies.push(o.arrivalMs - stampMs(o.stampNs));
  }
  if (latencies.length === 0) return undefined;
  return { meanMs: meanOf(latencies), minMs: Math.min(...latencies), maxMs: Math.max(...latencies) };
}

function seqStats(observations: readonly RateObservation[]): SeqStats | undefined {
  const seqs = observations.map((o) => o.seq).filter((s): s is bigint => s !== undefined);
  if (seqs.length === 0) return undefined;
  let gaps = 0;
  let missed = 0n;
  let restarts = 0;
  for (let i = 1; i < seqs.length; i++) {
    const prev = seqs[i - 1] as bigint;
    const cur = seqs[i] as bigint;
    if (cur > prev + 1n) {
      gaps++;
      missed += cur - prev - 1n;
    } else if (cur <= prev) {
      restarts++;
    }
  }
  return { first: seqs[0] as bigint, last: seqs[seqs.length - 1] as bigint, gaps, missed: Number(missed), restarts };
}

function payloadStats(observations: readonly RateObservation[], windowMs: number): PayloadStats | undefined {
  if (observations.length === 0) return undefined;
  const sizes = observations.map((o) => o.bytes);
  let total = 0;
  for (const s of sizes) total += s;
  return {
    meanBytes: total / sizes.length,
    minBytes: Math.min(...sizes),
    maxBytes: Math.max(...sizes),
    bytesPerSecond: windowMs > 0 ? (total * 1000) / windowMs : 0,
  };
}

/** Computes the report of `key` from the samples observed over `windowMs`. */
export function computeRateReport(key: string, windowMs: number, observations: readonly RateObservation[]): RateReport {
  const arrivals = observations.map((o) => o.arrivalMs);
  const n = arrivals.length;
  const span = n >= 2 ? (arrivals[n - 1] as number) - (arrivals[0] as number) : 0;
  const rateHz = n >= 2 && span > 0 ? ((n - 1) * 1000) / span : windowMs > 0 ? (n * 1000) / windowMs : 0;
  return {
    key,
    windowMs,
    samples: n,
    rateHz,
    interval: intervalStats(arrivals),
    latency: latencyStats(observations),
    seq: seqStats(observations),
    payload: payloadStats(observations, windowMs),
  };
}
