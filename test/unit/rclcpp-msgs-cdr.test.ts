// cdrMessageType / cdrServiceType: type support written by hand over @foxglove/cdr (docs/rclcpp.md),
// for a type without the generator. Plain CDR little endian out, plain CDR of either order in.
import { CdrReader, type CdrWriter } from '@foxglove/cdr';
import { describe, expect, it } from 'vitest';
import { Executor } from '../../src/index.js';
import { cdrMessageType, cdrServiceType } from '../../src/rclcpp/msgs/index.js';

interface Point {
  x: number;
  label: string;
}
const write = (w: CdrWriter, m: Point): void => {
  w.float64(m.x);
  w.string(m.label);
};
const read = (r: CdrReader): Point => ({ x: r.float64(), label: r.string() });
const PointType = cdrMessageType<Point>('my_msgs/msg/Point', 'RIHS01_point', write, read);

describe('cdrMessageType', () => {
  it('carries its names and is frozen', () => {
    expect(PointType.typeName).toBe('my_msgs/msg/Point');
    expect(PointType.typeHash).toBe('RIHS01_point');
    expect(Object.isFrozen(PointType)).toBe(true);
  });

  it('encodes XCDR1 little endian behind the 00 01 00 00 header, and decodes it back', () => {
    const bytes = PointType.encode({ x: 1.5, label: 'a' });
    expect([...bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(new CdrReader(bytes).float64()).toBe(1.5);
    expect(PointType.decode(bytes)).toEqual({ x: 1.5, label: 'a' });
  });

  it('decodes big-endian plain CDR too', () => {
    // header 00 00 (CDR_BE), then the float64 at offset 4 (aligned) and the string.
    const be = new Uint8Array([0, 0, 0, 0, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0x62, 0]);
    expect(PointType.decode(be)).toEqual({ x: 1.5, label: 'b' });
  });

  it('refuses a non-object message and payloads that are not plain CDR, naming the type', () => {
    expect(() => PointType.encode(null as unknown as Point)).toThrow(
      new TypeError('my_msgs/msg/Point must be an object'),
    );
    expect(() => PointType.encode(3 as unknown as Point)).toThrow(TypeError);
    expect(() => PointType.decode(new Uint8Array([0, 1, 0]))).toThrow(
      new RangeError('my_msgs/msg/Point: payload shorter than the CDR header'),
    );
    expect(() => PointType.decode('abcd' as unknown as Uint8Array)).toThrow(RangeError);
    // 00 03: parameter-list CDR (PL_CDR_LE), not plain
    expect(() => PointType.decode(new Uint8Array([0, 3, 0, 0, 1, 2, 3, 4]))).toThrow(
      new RangeError('my_msgs/msg/Point: encapsulation 3 is not plain CDR'),
    );
    // exactly the header: accepted as CDR, the reader then runs out
    expect(() => PointType.decode(new Uint8Array([0, 1, 0, 0]))).toThrow();
  });

  it('a hand-written type works end to end in an executor, and a message it cannot encode is refused', async () => {
    const created = await Executor.create({});
    if (!created.ok) throw new Error(created.error.message);
    const exec = created.value;
    try {
      const node = exec.createNode('cdr_by_hand');
      if (!node.ok) throw new Error(node.error.message);
      const got: Point[] = [];
      expect(node.value.createSubscription(PointType, '/points', (m) => void got.push(m)).ok).toBe(true);
      const pub = node.value.createPublisher(PointType, '/points');
      if (!pub.ok) throw new Error(pub.error.message);
      expect(pub.value.publish({ x: 2, label: 'p' }).ok).toBe(true);
      expect((await exec.spinUntil(() => got.length === 1, 2000)).ok).toBe(true);
      expect(got).toEqual([{ x: 2, label: 'p' }]);
      expect(pub.value.publish(null as unknown as Point)).toMatchObject({
        ok: false,
        error: { name: 'InvalidArgument' },
      });
    } finally {
      await exec.shutdown();
    }
  });
});

describe('cdrServiceType', () => {
  it('pairs a request and a response type under the service names, frozen', () => {
    const Req = cdrMessageType<Point>('my_msgs/srv/Move_Request', 'RIHS01_req', write, read);
    const Res = cdrMessageType<Point>('my_msgs/srv/Move_Response', 'RIHS01_res', write, read);
    const Move = cdrServiceType('my_msgs/srv/Move', 'RIHS01_move', Req, Res);
    expect(Move).toEqual({ typeName: 'my_msgs/srv/Move', typeHash: 'RIHS01_move', Request: Req, Response: Res });
    expect(Object.isFrozen(Move)).toBe(true);
  });
});
