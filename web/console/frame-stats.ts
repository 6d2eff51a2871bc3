/**
 * Frame time (the work of one animation frame) and sample-to-screen latency (capture stamp of
 * the newest sample to the end of the frame that first drew it), kept for the bench and the
 * footer. Both clocks are the machine's wall clock when simulator and page share a host.
 */
import { RingBuffer } from './ring-buffer.js';
import type { SwarmModel } from './swarm-model.js';

const KEEP = 2000;

export class FrameStats {
  frames = 0;
  readonly frameMs = new RingBuffer(KEEP);
  readonly latencyMs = new RingBuffer(KEEP);
  /** The part of that latency on the page's side: the sample's arrival in the worker to the frame's end. */
  readonly pageMs = new RingBuffer(KEEP);
  private drawnSamples = 0;

  constructor(private readonly model: SwarmModel) {}

  frameDone(startedMs: number, endedMs: number, wallMs: number): void {
    this.frames++;
    this.frameMs.push(endedMs - startedMs);
    if (this.model.samples !== this.drawnSamples) {
      this.drawnSamples = this.model.samples;
      this.latencyMs.push(wallMs + (endedMs - startedMs) - this.model.newestStampMs);
      this.pageMs.push(wallMs + (endedMs - startedMs) - this.model.newestArrivalMs);
    }
  }

  /** Plain numbers for page.evaluate: the kept samples, oldest first. */
  snapshot(): { frames: number; frameMs: number[]; latencyMs: number[]; pageMs: number[] } {
    const list = (ring: RingBuffer) => Array.from({ length: ring.length }, (_, i) => ring.at(i));
    return {
      frames: this.frames,
      frameMs: list(this.frameMs),
      latencyMs: list(this.latencyMs),
      pageMs: list(this.pageMs),
    };
  }

  reset(): void {
    this.frameMs.clear();
    this.latencyMs.clear();
    this.pageMs.clear();
  }
}
