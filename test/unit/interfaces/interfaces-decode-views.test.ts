/**
 * Decoded arrays as views of a given payload (cdr-source.ts): byte arrays always, numeric arrays
 * where their bytes are aligned in the payload's buffer and in the host's byte order; otherwise
 * views of one private copy (misaligned) or arrays read one by one (big-endian). Lent bytes
 * (decode's default) keep the message independent of them. A subscription hands its sample's
 * payload over (RmwSample.payload is the sample's own).
 */
import { describe, expect, it } from 'vitest';
import { sensor_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const header = { stamp: { sec: 1, nanosec: 2 }, frame_id: 'cam' };

function image(tag: number): sensor_msgs.msg.Image {
  const data = new Uint8Array(64 * 48 * 3).map((_, i) => (i * 7 + tag) & 0xff);
  return { header, height: 48, width: 64, encoding: 'rgb8', is_bigendian: 0, step: 64 * 3, data };
}

const scan: sensor_msgs.msg.LaserScan = {
  header,
  angle_min: -1,
  angle_max: 1,
  angle_increment: 0.0078125,
  time_increment: 0,
  scan_time: 0.125,
  range_min: 0.25,
  range_max: 30,
  ranges: Float32Array.from({ length: 200 }, (_, i) => 1 + i / 8),
  intensities: Float32Array.from({ length: 200 }, (_, i) => i),
};

const joints: sensor_msgs.msg.JointState = {
  header,
  name: ['a', 'b', 'c'],
  position: Float64Array.of(0.5, 1.5, 2.5),
  velocity: Float64Array.of(-1, -2, -3),
  effort: new Float64Array(0),
};

/** The buffer under a decoded array (typed on decode, though the field type also takes number[]). */
const bufferOf = (a: ArrayLike<unknown>): ArrayBufferLike => (a as unknown as ArrayBufferView).buffer;

/** `bytes` copied to `offset` bytes into a buffer of its own. */
function at(offset: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(offset + bytes.length);
  out.set(bytes, offset);
  return out.subarray(offset);
}

describe('decoded arrays and the bytes they came from', () => {
  it('given bytes: byte arrays and aligned numeric arrays are views of them, no copy', () => {
    const bytes = sensor_msgs.msg.Image.encode(image(1));
    const m = sensor_msgs.msg.Image.decode(bytes, 'given');
    expect(bufferOf(m.data)).toBe(bytes.buffer);
    expect(m.data).toEqual(image(1).data);
    const scanBytes = sensor_msgs.msg.LaserScan.encode(scan);
    const s = sensor_msgs.msg.LaserScan.decode(scanBytes, 'given');
    expect([bufferOf(s.ranges), bufferOf(s.intensities)]).toEqual([scanBytes.buffer, scanBytes.buffer]);
    expect(bufferOf(s.ranges)).toBe(scanBytes.buffer);
    expect(s).toEqual(scan);
  });

  it('lent bytes (the default): the message is independent of them', () => {
    const bytes = sensor_msgs.msg.Image.encode(image(1));
    const m = sensor_msgs.msg.Image.decode(bytes);
    expect(bufferOf(m.data)).not.toBe(bytes.buffer);
    bytes.fill(0);
    expect(m.data).toEqual(image(1).data);
  });

  it('an odd offset: numeric arrays are copied, with the right values (no misaligned typed array), bytes still views', () => {
    for (const offset of [1, 2, 3, 5]) {
      const bytes = at(offset, sensor_msgs.msg.LaserScan.encode(scan));
      const s = sensor_msgs.msg.LaserScan.decode(bytes, 'given');
      expect(s, `offset ${offset}`).toEqual(scan);
      expect(bufferOf(s.ranges)).not.toBe(bytes.buffer);
      const img = at(offset, sensor_msgs.msg.Image.encode(image(2)));
      expect(bufferOf(sensor_msgs.msg.Image.decode(img, 'given').data)).toBe(img.buffer);
    }
  });

  it('float64 arrays: a view where the payload sits 8-aligned in its buffer, a copy where it is only 4-aligned', () => {
    const encoded = sensor_msgs.msg.JointState.encode(joints);
    const aligned = at(4, encoded); // the body starts at 8: float64s fall on multiples of 8
    const viewed = sensor_msgs.msg.JointState.decode(aligned, 'given');
    expect(bufferOf(viewed.position)).toBe(aligned.buffer);
    const shifted = at(8, encoded); // the body starts at 12: float64s fall 4 off a multiple of 8
    const copied = sensor_msgs.msg.JointState.decode(shifted, 'given');
    expect(bufferOf(copied.position)).not.toBe(shifted.buffer);
    expect([viewed, copied]).toEqual([joints, joints]);
  });

  it('misaligned float64 arrays: up to 64 bytes each its own, larger ones share one private copy', () => {
    const shifted = at(8, sensor_msgs.msg.JointState.encode(joints)); // float64s 4 off
    const small = sensor_msgs.msg.JointState.decode(shifted, 'given');
    expect(bufferOf(small.position)).not.toBe(bufferOf(small.velocity));
    const ramp = (k: number) => Float64Array.from({ length: 16 }, (_, i) => i * k);
    const large = { ...joints, position: ramp(1), velocity: ramp(-1), effort: ramp(2) };
    const bytes = at(8, sensor_msgs.msg.JointState.encode(large));
    const m = sensor_msgs.msg.JointState.decode(bytes, 'given');
    expect(bufferOf(m.position)).toBe(bufferOf(m.velocity));
    expect(bufferOf(m.position)).not.toBe(bytes.buffer);
    bytes.fill(0);
    expect([small, m]).toEqual([joints, large]);
  });

  it('a big-endian payload gives copies read element by element', () => {
    // sensor_msgs/ChannelFloat32 { string name; float32[] values } in CDR_BE: 00 00 00 00,
    // name "ab" (length 3 with the NUL), one byte of padding, count 3, three float32s.
    const values = [1.5, -2.25, 1e6];
    const body = new DataView(new ArrayBuffer(4 + 3 + 1 + 4 + 12));
    body.setUint32(0, 3, false);
    new Uint8Array(body.buffer).set([97, 98, 0], 4);
    body.setUint32(8, 3, false);
    for (const [i, v] of values.entries()) body.setFloat32(12 + 4 * i, v, false);
    const bytes = new Uint8Array(4 + body.byteLength);
    bytes.set(new Uint8Array(body.buffer), 4);
    const m = sensor_msgs.msg.ChannelFloat32.decode(bytes, 'given');
    expect(m).toEqual({ name: 'ab', values: Float32Array.from(values) });
    expect(bufferOf(m.values)).not.toBe(bytes.buffer);
  });

  it('a subscription decodes views of its sample; the next sample, and a write into one message, change no other', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(sensor_msgs.msg.Image, 'camera'));
    const first: sensor_msgs.msg.Image[] = [];
    const second: sensor_msgs.msg.Image[] = [];
    unwrap(node.createSubscription(sensor_msgs.msg.Image, 'camera', (m) => first.push(m)));
    unwrap(node.createSubscription(sensor_msgs.msg.Image, 'camera', (m) => second.push(m)));
    const size = sensor_msgs.msg.Image.encode(image(1)).length;
    unwrap(pub.publish(image(1)));
    await settle();
    unwrap(executor.spinSome());
    const [a] = first as [sensor_msgs.msg.Image];
    // A view of the payload: its buffer is the sample's bytes, exactly, not a private copy.
    expect(bufferOf(a.data).byteLength).toBe(size);
    (second[0] as sensor_msgs.msg.Image).data.fill(0);
    unwrap(pub.publish(image(2)));
    await settle();
    unwrap(executor.spinSome());
    expect(first.length).toBe(2);
    expect(a.data).toEqual(image(1).data);
    expect(first[1]?.data).toEqual(image(2).data);
  });
});
