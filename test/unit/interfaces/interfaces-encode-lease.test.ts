/**
 * The encode lease (encode-lease.ts): inside one, the first large encode writes into the kept
 * buffer, zeroed (CDR padding stays zeros whatever the last message left there); a second
 * encode inside the same lease, and every encode outside one, gets a buffer of its own.
 */
import { describe, expect, it } from 'vitest';
import { sensor_msgs, std_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';
import {
  closeEncodeLease,
  LEASED_ENCODE_MIN_BYTES,
  openEncodeLease,
} from '../../../src/rclcpp/interfaces/runtime/encode-lease.js';

function leased<R>(use: () => R): R {
  const lease = openEncodeLease();
  try {
    return use();
  } finally {
    closeEncodeLease(lease);
  }
}

const big = (c: string): { data: string } => ({ data: c.repeat(LEASED_ENCODE_MIN_BYTES + 100) });

describe('the encode lease', () => {
  it('gives consecutive leases the same buffer for their large encode, and encodes outside one their own', () => {
    const a = leased(() => std_msgs.msg.String.encode(big('a')));
    const b = leased(() => std_msgs.msg.String.encode(big('b')));
    expect(b.buffer).toBe(a.buffer);
    expect(std_msgs.msg.String.decode(b)).toEqual(big('b'));
    const c = std_msgs.msg.String.encode(big('c'));
    const d = std_msgs.msg.String.encode(big('d'));
    expect(c.buffer).not.toBe(d.buffer);
    expect(c.buffer).not.toBe(a.buffer);
  });

  it('gives a second large encode inside one lease a buffer of its own (a getter that publishes)', () => {
    const [first, second] = leased(() => [std_msgs.msg.String.encode(big('x')), std_msgs.msg.String.encode(big('y'))]);
    expect(second?.buffer).not.toBe(first?.buffer);
    expect(std_msgs.msg.String.decode(first as Uint8Array)).toEqual(big('x'));
    // A nested open is not a lease of its own: closing it leaves the outer one in force.
    leased(() => {
      const inner = openEncodeLease();
      expect(inner).toBe(false);
      closeEncodeLease(inner);
      const taken = std_msgs.msg.String.encode(big('p'));
      const next = std_msgs.msg.String.encode(big('q'));
      expect(next.buffer).not.toBe(taken.buffer);
    });
  });

  it('writes zeros into CDR padding over whatever the last leased message left there', () => {
    const temperature = {
      header: { stamp: { sec: 1, nanosec: 2 }, frame_id: 'f'.repeat(LEASED_ENCODE_MIN_BYTES + 1) },
      temperature: 21.5,
      variance: 0.25,
    };
    const fresh = sensor_msgs.msg.Temperature.encode(temperature);
    // Dirty the kept buffer with non-zero bytes everywhere, then encode into it.
    leased(() => std_msgs.msg.String.encode({ data: '\u00ff'.repeat(LEASED_ENCODE_MIN_BYTES * 2) }));
    const reused = leased(() => sensor_msgs.msg.Temperature.encode(temperature));
    expect(Buffer.from(reused).equals(Buffer.from(fresh))).toBe(true);
  });

  it('leaves small encodes alone', () => {
    const a = leased(() => std_msgs.msg.String.encode({ data: 'small' }));
    const b = leased(() => std_msgs.msg.String.encode({ data: 'small' }));
    expect(a.buffer).not.toBe(b.buffer);
  });

  it('survives a publish from inside an encode and an encode that throws: every large message arrives intact', async () => {
    const { executor, node } = makeFixture();
    const got: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'lease', (m) => got.push(m.data)));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'lease'));
    const outer = big('o').data;
    const inner = big('i').data;
    let published = false;
    // A getter that publishes another large message while the outer one is being encoded.
    const sneaky = {
      get data(): string {
        if (!published) {
          published = true;
          unwrap(pub.publish({ data: inner }));
        }
        return outer;
      },
    };
    unwrap(pub.publish(sneaky));
    const throwing = {
      get data(): string {
        throw new Error('no data today');
      },
    };
    expect(expectErr(pub.publish(throwing))).toBe('InvalidArgument');
    const after = big('a').data;
    unwrap(pub.publish({ data: after }));
    await settle();
    while (got.length < 3) unwrap(executor.spinSome());
    expect(got.map((g) => g[0])).toEqual(['i', 'o', 'a']);
    expect(got[0] === inner && got[1] === outer && got[2] === after).toBe(true);
  });
});
