/**
 * The PC's end of the real-time stream: sends timestamped targets to the arm's stream port
 * (udp datagrams, or the tcp stream it dialled), takes the arm's state every tick, and
 * measures target-to-state latency from the send time the arm echoes back.
 */

import { ok, type ResultOf } from '../../result.js';
import type { PcStream, PcStreamOptions, RtSockets } from '../arm/rt-link.js';
import { decodePacket, encodeHello, encodeTarget, PacketKind, type StatePacket } from '../arm/rt-packet.js';

/** Latencies kept for stats (the newest). */
const KEEP_LATENCIES = 20_000;

export interface RtiStreamStats {
  readonly targetsSent: number;
  readonly statesReceived: number;
  /** Target send -> the first state that applied it, ms (newest last, bounded). */
  readonly latencyMs: readonly number[];
  /** performance.now() when each state arrived (bounded like latencyMs). */
  readonly stateArrivalsMs: readonly number[];
}

export class RtiStream {
  private seq = 0;
  private targetsSent = 0;
  private statesReceived = 0;
  private lastApplied = 0;
  private latest: StatePacket | undefined;
  private readonly latencies: number[] = [];
  private readonly arrivals: number[] = [];
  private readonly listeners = new Set<(s: StatePacket) => void>();

  private constructor(
    private stream: PcStream | undefined,
    private readonly notify: () => void,
  ) {}

  static async open(
    sockets: RtSockets,
    o: Omit<PcStreamOptions, 'onPacket'>,
    notify: () => void,
  ): Promise<ResultOf<RtiStream>> {
    const s = new RtiStream(undefined, notify);
    const opened = await sockets.openPcStream({ ...o, onPacket: (bytes) => s.onPacket(bytes) });
    if (!opened.ok) return opened;
    s.stream = opened.value;
    // udp: the arm learns where the PC listens from its first datagram.
    opened.value.send(encodeHello(0, performance.now()));
    return ok(s);
  }

  private onPacket(bytes: Uint8Array): void {
    const p = decodePacket(bytes);
    if (p === undefined || p.kind !== PacketKind.State) return;
    const now = performance.now();
    this.latest = p;
    this.statesReceived++;
    push(this.arrivals, now);
    if (p.appliedSeq !== this.lastApplied && p.appliedSeq !== 0) {
      this.lastApplied = p.appliedSeq;
      push(this.latencies, now - p.appliedSentMs);
    }
    for (const l of this.listeners) l(p);
    this.notify();
  }

  /** Sends one target now, stamped with this PC's clock. */
  send(positions: readonly number[]): boolean {
    if (this.stream === undefined) return false;
    this.seq = (this.seq + 1) >>> 0 || 1;
    const sent = this.stream.send(encodeTarget(this.seq, performance.now(), positions));
    if (sent) this.targetsSent++;
    return sent;
  }

  state(): StatePacket | undefined {
    return this.latest;
  }

  onState(listener: (s: StatePacket) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats(): RtiStreamStats {
    return {
      targetsSent: this.targetsSent,
      statesReceived: this.statesReceived,
      latencyMs: [...this.latencies],
      stateArrivalsMs: [...this.arrivals],
    };
  }

  async close(): Promise<void> {
    const s = this.stream;
    this.stream = undefined;
    this.listeners.clear();
    await s?.close();
  }
}

function push(list: number[], v: number): void {
  list.push(v);
  if (list.length > KEEP_LATENCIES) list.splice(0, list.length - KEEP_LATENCIES);
}

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank p50 / p99 and the max of `values` (NaN when empty). */
export function summarizeMs(values: readonly number[]): LatencySummary {
  const s = [...values].sort((a, b) => a - b);
  const rank = (q: number): number => (s.length === 0 ? Number.NaN : s[Math.max(0, Math.ceil(q * s.length) - 1)]!);
  return { count: s.length, p50: rank(0.5), p99: rank(0.99), max: s.length === 0 ? Number.NaN : s[s.length - 1]! };
}
