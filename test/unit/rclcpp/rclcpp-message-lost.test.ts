/** rmw_zenoh's lost-message counting: sequence gaps per publisher GID. */
import { describe, expect, it } from 'vitest';
import { MessageLostCounter } from '../../../src/rclcpp/events/message-lost.js';

const gid = (b: number): Uint8Array => new Uint8Array(16).fill(b);
const at = (g: number, seq: bigint) => ({ sequenceNumber: seq, sourceTimestampNs: 0n, gid: gid(g) });

describe('message lost counter', () => {
  it('counts the sequence numbers skipped per publisher, from its second sample on', () => {
    const c = new MessageLostCounter();
    expect(c.observe(at(1, 5n))).toBe(false);
    expect(c.observe(at(1, 6n))).toBe(false);
    expect(c.take()).toBeUndefined();
    expect(c.observe(at(1, 9n))).toBe(true);
    expect(c.observe(at(2, 100n))).toBe(false);
    expect(c.observe(at(2, 102n))).toBe(true);
    expect(c.take()).toEqual({ totalCount: 3, totalCountChange: 3 });
    expect(c.take()).toBeUndefined();
    expect(c.observe(at(1, 11n))).toBe(true);
    expect(c.take()).toEqual({ totalCount: 4, totalCountChange: 1 });
  });

  it('ignores samples without an attachment, and counts a backwards jump as rmw_zenoh does (by its size)', () => {
    const c = new MessageLostCounter();
    expect(c.observe(undefined)).toBe(false);
    c.observe(at(1, 10n));
    expect(c.observe(at(1, 7n))).toBe(true);
    expect(c.take()).toEqual({ totalCount: 2, totalCountChange: 2 });
  });
});
