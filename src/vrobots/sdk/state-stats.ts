/**
 * Reception counters of the state topic (`robot.stats()`): samples received, payloads that
 * did not decode, sequence gaps and the samples they lost, and the last seq seen. seq is
 * per topic; a jump forward is a drop, a return to 0 (or any step back) is a publisher
 * restart and not counted as loss.
 */
export interface StateStats {
  readonly received: number;
  readonly decodeErrors: number;
  /** Number of forward jumps in seq. */
  readonly seqGaps: number;
  /** Samples lost inside those jumps. */
  readonly missedSamples: number;
  /** undefined until the first sample. */
  readonly lastSeq: bigint | undefined;
  /** Publisher restarts seen (seq went back). */
  readonly restarts: number;
}

/** seq as protobufjs hands it: number, bigint, or a Long-like object. */
export type SeqLike = number | bigint | { toString(): string } | null | undefined;

export function seqToBigInt(seq: SeqLike): bigint | undefined {
  if (seq === null || seq === undefined) return undefined;
  if (typeof seq === 'bigint') return seq;
  if (typeof seq === 'number') return Number.isInteger(seq) && seq >= 0 ? BigInt(seq) : undefined;
  try {
    return BigInt(seq.toString());
  } catch {
    return undefined;
  }
}

export class SeqTracker {
  private received = 0;
  private decodeErrors = 0;
  private seqGaps = 0;
  private missed = 0n;
  private restarts = 0;
  private last: bigint | undefined;

  /** Counts one decoded sample. */
  accept(seq: SeqLike): void {
    this.received++;
    const s = seqToBigInt(seq);
    if (s === undefined) return;
    const last = this.last;
    this.last = s;
    if (last === undefined) return;
    if (s > last + 1n) {
      this.seqGaps++;
      this.missed += s - last - 1n;
    } else if (s < last) {
      this.restarts++;
    }
  }

  decodeError(): void {
    this.decodeErrors++;
  }

  snapshot(): StateStats {
    return {
      received: this.received,
      decodeErrors: this.decodeErrors,
      seqGaps: this.seqGaps,
      missedSamples: Number(this.missed),
      lastSeq: this.last,
      restarts: this.restarts,
    };
  }
}
