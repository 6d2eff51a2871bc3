import { describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_SIZE, decodeAttachment, encodeAttachment, nowNs } from '../../../src/rmw/wire/attachment.js';
import { EntityIdCounter, newGid, newSessionId } from '../../../src/rmw/wire/gid.js';

describe('rmw_zenoh attachment (33 bytes)', () => {
  const gid = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);

  it('lays out int64 LE seq, int64 LE timestamp, 0x10, 16-byte GID', () => {
    const bytes = encodeAttachment({ sequenceNumber: 1n, sourceTimestampNs: 0x0102030405060708n, gid });
    expect(bytes.length).toBe(ATTACHMENT_SIZE);
    expect(Array.from(bytes.subarray(0, 8))).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(bytes.subarray(8, 16))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(bytes[16]).toBe(0x10);
    expect(Array.from(bytes.subarray(17))).toEqual(Array.from(gid));
  });

  it('matches what zenoh-ts ZBytesSerializer writes for (bigint int64, bigint int64, Uint8Array)', async () => {
    const { loadZenohTs } = await import('../../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js');
    expect((await loadZenohTs()).ok).toBe(true);
    const { ZBytesSerializer } = await import('@eclipse-zenoh/zenoh-ts/ext');
    const s = new ZBytesSerializer();
    s.serializeBigintInt64(42n);
    s.serializeBigintInt64(1_700_000_000_123_456_789n);
    s.serializeUint8Array(gid);
    const theirs = s.finish().toBytes();
    const ours = encodeAttachment({ sequenceNumber: 42n, sourceTimestampNs: 1_700_000_000_123_456_789n, gid });
    expect(Array.from(ours)).toEqual(Array.from(theirs));
  });

  it('decodes what it encodes, and refuses other bytes', () => {
    const a = { sequenceNumber: 123456789n, sourceTimestampNs: 1_700_000_000_000_000_001n, gid };
    expect(decodeAttachment(encodeAttachment(a))).toEqual(a);
    expect(decodeAttachment(undefined)).toBeUndefined();
    expect(decodeAttachment(new Uint8Array(32))).toBeUndefined();
    const wrongLen = encodeAttachment(a);
    wrongLen[16] = 0x0f;
    expect(decodeAttachment(wrongLen)).toBeUndefined();
  });

  it('refuses 32 or 34 bytes even with the GID length byte in place', () => {
    for (const n of [32, 34]) {
      const bytes = new Uint8Array(n);
      bytes[16] = 0x10;
      expect(decodeAttachment(bytes), `${n} bytes`).toBeUndefined();
    }
  });

  it('decodes an attachment that sits inside a larger buffer', () => {
    const a = { sequenceNumber: -5n, sourceTimestampNs: 77n, gid };
    const big = new Uint8Array(40);
    big.set(encodeAttachment(a), 7);
    expect(decodeAttachment(big.subarray(7, 40))).toEqual(a);
  });
});

describe('source timestamps', () => {
  it('increase strictly within the process, however many fall in one millisecond', () => {
    const stamps = Array.from({ length: 10_000 }, () => nowNs());
    expect(stamps.every((t, i) => i === 0 || t > (stamps[i - 1] as bigint))).toBe(true);
    expect(Number((stamps[0] as bigint) / 1_000_000n)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('still increase when both clocks stand still', () => {
    // Frozen one ms ahead, so the first stamp is at least the clocks' own reading and the next
    // two tie it. (At least: with the mutation run's shared module state, a test file that
    // mocked a later Date may have stamped past it already.)
    const frozenMs = Date.now() + 1;
    const wall = vi.spyOn(Date, 'now').mockReturnValue(frozenMs);
    const mono = vi.spyOn(performance, 'now').mockReturnValue(0);
    try {
      const a = nowNs();
      const b = nowNs();
      const c = nowNs();
      expect(a >= BigInt(frozenMs) * 1_000_000n, `${a} >= ${frozenMs} ms`).toBe(true);
      expect([b - a, c - b]).toEqual([1n, 1n]);
    } finally {
      wall.mockRestore();
      mono.mockRestore();
    }
    // Leave the real clock past the frozen ms, so later stamps are the clock's again.
    while (Date.now() <= frozenMs) {
      // at most about 2 ms
    }
  });

  it('fall within the wall-clock millisecond they were taken in, unless one ns past the last stamp', () => {
    // Stamps are strictly increasing: two taken within one tick of the sub-millisecond clock get
    // the second one nanosecond after the first, which at the end of a millisecond is past it.
    let last = nowNs();
    for (let i = 0; i < 1000; i++) {
      const before = BigInt(Date.now()) * 1_000_000n;
      const t = nowNs();
      const after = BigInt(Date.now() + 1) * 1_000_000n;
      const inMs = t >= before && t < after;
      expect(inMs || t === last + 1n, `${before} <= ${t} < ${after}, or ${last} + 1`).toBe(true);
      expect(t > last).toBe(true);
      last = t;
    }
  });

  it('carry a sub-millisecond part that covers the millisecond, not only a counter', () => {
    // Over a few milliseconds the monotonic clock's fraction sweeps the whole millisecond. On a
    // loaded machine a few milliseconds may give only a handful of samples, so sample until the
    // spread shows (a counter would never get there) or a generous budget passes.
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    const end = Date.now() + 500;
    while (hi - lo <= 500_000 && Date.now() < end) {
      const subMs = Number(nowNs() % 1_000_000n);
      lo = Math.min(lo, subMs);
      hi = Math.max(hi, subMs);
    }
    expect(hi - lo).toBeGreaterThan(500_000);
  });
});

describe('wire identities', () => {
  it('session ids are 32 lowercase hex and differ', () => {
    const a = newSessionId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newSessionId()).not.toBe(a);
  });

  it('GIDs are 16 bytes and differ', () => {
    const a = newGid();
    expect(a.length).toBe(16);
    expect(Array.from(newGid())).not.toEqual(Array.from(a));
  });

  it('the id counter gives unique decimal strings', () => {
    const c = new EntityIdCounter();
    expect([c.next(), c.next(), c.next()]).toEqual(['0', '1', '2']);
  });
});
