/**
 * corkBurst: the puts of one synchronous burst leave the socket in one write (or one per
 * FLUSH_BYTES), and the socket is uncorked once the burst is over.
 */
import { describe, expect, it } from 'vitest';
import { corkBurst, FLUSH_BYTES } from '../../src/rmw/zenoh/burst-cork.js';

/** A net.Socket stand-in: writes while corked are held; each flush is one write. */
class FakeTcp {
  corked = 0;
  held: number[] = [];
  flushes: number[][] = [];
  get writableLength(): number {
    return this.held.reduce((a, b) => a + b, 0);
  }
  cork(): void {
    this.corked++;
  }
  uncork(): void {
    if (this.corked > 0) this.corked--;
    if (this.corked === 0 && this.held.length > 0) this.flushes.push(this.held.splice(0));
  }
  write(n: number): void {
    if (this.corked > 0) this.held.push(n);
    else this.flushes.push([n]);
  }
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe('corkBurst', () => {
  it('holds the frames of one burst and flushes them together once it is over', async () => {
    const tcp = new FakeTcp();
    const ws = { _socket: tcp };
    for (let i = 0; i < 100; i++) {
      corkBurst(ws);
      tcp.write(400);
    }
    expect(tcp.flushes).toHaveLength(0);
    await tick();
    expect(tcp.corked).toBe(0);
    expect(tcp.flushes).toEqual([Array(100).fill(400)]);
  });

  it('flushes within a burst once FLUSH_BYTES are held', async () => {
    const tcp = new FakeTcp();
    const ws = { inner: { _socket: tcp } }; // under rclts's connect facade
    const frame = FLUSH_BYTES / 4;
    for (let i = 0; i < 10; i++) {
      corkBurst(ws);
      tcp.write(frame);
    }
    await tick();
    expect(tcp.flushes.map((f) => f.length)).toEqual([4, 4, 2]);
    expect(tcp.corked).toBe(0);
  });

  it('leaves a socket it cannot cork alone', () => {
    expect(() => corkBurst({})).not.toThrow();
    expect(() => corkBurst(undefined)).not.toThrow();
  });
});
