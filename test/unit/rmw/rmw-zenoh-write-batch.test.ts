/**
 * WriteBatch: while a batch runs the socket under the WebSocket is corked, so its writes leave
 * together when the batch returns (or every FLUSH_BYTES within it); a nested batch joins the
 * outer one; a throw still uncorks; a socket that cannot be reached is left alone.
 */
import { describe, expect, it } from 'vitest';
import { FLUSH_BYTES, tcpUnder, WriteBatch } from '../../../src/rmw/zenoh/zenoh-ts/write-batch.js';

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

function rig(ws: unknown = undefined) {
  const tcp = new FakeTcp();
  const batch = new WriteBatch(() => ws ?? { _socket: tcp });
  const put = (n: number) => {
    tcp.write(n);
    batch.wrote();
  };
  return { tcp, batch, put };
}

describe('WriteBatch', () => {
  it('holds the writes of a batch and flushes them together when it returns', () => {
    const { tcp, batch, put } = rig();
    batch.run(() => {
      for (let i = 0; i < 100; i++) put(400);
      expect(tcp.flushes).toEqual([]);
    });
    expect(tcp.flushes).toEqual([Array.from({ length: 100 }, () => 400)]);
    expect(tcp.corked).toBe(0);
  });

  it('writes outside a batch leave one by one', () => {
    const { tcp, put } = rig();
    put(1);
    put(2);
    expect(tcp.flushes).toEqual([[1], [2]]);
  });

  it('flushes within a batch once FLUSH_BYTES are held, and keeps the rest corked', () => {
    const { tcp, batch, put } = rig();
    const size = FLUSH_BYTES / 4;
    batch.run(() => {
      for (let i = 0; i < 10; i++) put(size);
      expect(tcp.flushes.map((f) => f.length)).toEqual([4, 4]);
      expect(tcp.corked).toBe(1);
    });
    expect(tcp.flushes.map((f) => f.length)).toEqual([4, 4, 2]);
    expect(tcp.corked).toBe(0);
  });

  it('a nested batch joins the outer one: one flush at the outer end', () => {
    const { tcp, batch, put } = rig();
    batch.run(() => {
      put(1);
      batch.run(() => put(2));
      expect(tcp.flushes).toEqual([]);
      put(3);
    });
    expect(tcp.flushes).toEqual([[1, 2, 3]]);
    expect(tcp.corked).toBe(0);
  });

  it('uncorks when the function throws, and lets the throw through', () => {
    const { tcp, batch, put } = rig();
    expect(() =>
      batch.run(() => {
        put(7);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(tcp.flushes).toEqual([[7]]);
    expect(tcp.corked).toBe(0);
    // The next batch corks again.
    batch.run(() => put(8));
    expect(tcp.flushes).toEqual([[7], [8]]);
  });

  it('finds the socket under a ws WebSocket and under the connect facade', () => {
    const tcp = new FakeTcp();
    expect(tcpUnder({ _socket: tcp })).toBe(tcp);
    expect(tcpUnder({ inner: { _socket: tcp } })).toBe(tcp);
  });

  it('runs the function unbatched where no socket can be corked (a browser WebSocket, a closed one)', () => {
    for (const ws of [undefined, null, {}, { _socket: null }, { _socket: { cork: 1, uncork: 2, writableLength: 0 } }]) {
      expect(tcpUnder(ws)).toBeUndefined();
      let ran = 0;
      new WriteBatch(() => ws).run(() => {
        ran++;
      });
      expect(ran).toBe(1);
    }
  });

  it('a socket whose cork throws is written to unbatched', () => {
    const tcp = new FakeTcp();
    tcp.cork = () => {
      throw new Error('destroyed');
    };
    const batch = new WriteBatch(() => ({ _socket: tcp }));
    let ran = 0;
    batch.run(() => {
      ran++;
      tcp.write(5);
      batch.wrote();
    });
    expect(ran).toBe(1);
    expect(tcp.flushes).toEqual([[5]]);
  });
});
