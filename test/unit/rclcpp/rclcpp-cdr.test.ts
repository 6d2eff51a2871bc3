/** CDR type support: byte layout, round trips, refusal of misfit messages, and the RIHS01 hashes. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { example_interfaces, std_msgs } from '../../../src/index.js';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('CDR encoding (XCDR1 little endian, header 00 01 00 00)', () => {
  it('std_msgs/msg/String: header, uint32 length including the NUL, the bytes, NUL', () => {
    expect(std_msgs.msg.String.encode({ data: 'hi' })).toEqual(bytes(0, 1, 0, 0, 3, 0, 0, 0, 0x68, 0x69, 0));
    expect(std_msgs.msg.String.encode({ data: '' })).toEqual(bytes(0, 1, 0, 0, 1, 0, 0, 0, 0));
    for (const data of ['', 'Hello World: 42', 'ünïcødé ✓'])
      expect(std_msgs.msg.String.decode(std_msgs.msg.String.encode({ data }))).toEqual({ data });
  });

  it('std_msgs/msg/Int32: header then int32 LE', () => {
    expect(std_msgs.msg.Int32.encode({ data: -2 })).toEqual(bytes(0, 1, 0, 0, 0xfe, 0xff, 0xff, 0xff));
    for (const data of [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)])
      expect(std_msgs.msg.Int32.decode(std_msgs.msg.Int32.encode({ data }))).toEqual({ data });
  });

  it('example_interfaces/srv/AddTwoInts: int64 a, b -> int64 sum as bigint, 8-aligned from after the header', () => {
    const req = example_interfaces.srv.AddTwoInts.Request.encode({ a: 2n, b: -1n });
    expect(req).toEqual(bytes(0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    expect(example_interfaces.srv.AddTwoInts.Request.decode(req)).toEqual({ a: 2n, b: -1n });
    const big = { sum: 2n ** 63n - 1n };
    expect(
      example_interfaces.srv.AddTwoInts.Response.decode(example_interfaces.srv.AddTwoInts.Response.encode(big)),
    ).toEqual(big);
  });

  it('decodes big-endian CDR too', () => {
    expect(std_msgs.msg.Int32.decode(bytes(0, 0, 0, 0, 0, 0, 0, 7))).toEqual({ data: 7 });
  });

  it('throws (caught by rclcpp as InvalidArgument) on a message that does not fit', () => {
    expect(() => std_msgs.msg.String.encode({ data: 5 } as never)).toThrow(/string/);
    expect(() => std_msgs.msg.Int32.encode({ data: 2 ** 31 } as never)).toThrow(/int32/);
    expect(() => std_msgs.msg.Int32.encode({ data: 1.5 })).toThrow(/int32/);
    expect(() => example_interfaces.srv.AddTwoInts.Request.encode({ a: 1, b: 2n } as never)).toThrow(/bigint/);
    expect(() => std_msgs.msg.String.encode(null as never)).toThrow();
    expect(() => std_msgs.msg.String.decode(bytes(0, 1))).toThrow();
    expect(() => std_msgs.msg.String.decode(bytes(0, 1, 0, 0, 200, 0, 0, 0, 1))).toThrow();
  });

  it('is reachable as std_msgs.msg.* and example_interfaces.srv.*', () => {
    expect(std_msgs.msg.String).toBe(std_msgs.msg.String);
    expect(std_msgs.msg.Int32.typeName).toBe('std_msgs/msg/Int32');
    expect(example_interfaces.srv.AddTwoInts.typeName).toBe('example_interfaces/srv/AddTwoInts');
  });
});

// ---- REP-2016 type hashes, recomputed from the type descriptions ----

type Json = string | number | Json[] | { [k: string]: Json };
/** Python's json.dumps(..., separators=(', ', ': ')) with insertion-ordered keys. */
function pyJson(v: Json): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
    .join(', ')}}`;
}
const rihs01 = (d: Json) => `RIHS01_${createHash('sha256').update(pyJson(d)).digest('hex')}`;
// type_description_interfaces/msg/FieldType ids
const NESTED = 1,
  UINT8 = 3,
  INT32 = 6,
  UINT32 = 7,
  INT64 = 8,
  STRING = 17,
  BOUNDED_SEQ = 96,
  ARRAY = 48;
const field = (name: string, typeId: number, nested = '', capacity = 0): Json => ({
  name,
  type: { type_id: typeId, capacity, string_capacity: 0, nested_type_name: nested },
});
const single = (type_name: string, fields: Json[]) => ({
  type_description: { type_name, fields },
  referenced_type_descriptions: [],
});

describe('RIHS01 hashes (REP-2016: sha256 of the type description without default values)', () => {
  it('the computation reproduces the published std_msgs/msg/String hash', () => {
    expect(rihs01(single('std_msgs/msg/String', [field('data', STRING)]))).toBe(
      'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18',
    );
    expect(std_msgs.msg.String.typeHash).toBe(rihs01(single('std_msgs/msg/String', [field('data', STRING)])));
  });

  it('std_msgs/msg/Int32 and the AddTwoInts request/response match', () => {
    expect(std_msgs.msg.Int32.typeHash).toBe(rihs01(single('std_msgs/msg/Int32', [field('data', INT32)])));
    const req = {
      type_name: 'example_interfaces/srv/AddTwoInts_Request',
      fields: [field('a', INT64), field('b', INT64)],
    };
    const res = { type_name: 'example_interfaces/srv/AddTwoInts_Response', fields: [field('sum', INT64)] };
    expect(example_interfaces.srv.AddTwoInts.Request.typeHash).toBe(
      rihs01({ type_description: req, referenced_type_descriptions: [] }),
    );
    expect(example_interfaces.srv.AddTwoInts.Response.typeHash).toBe(
      rihs01({ type_description: res, referenced_type_descriptions: [] }),
    );
  });

  it('the service hash (request, response and the Jazzy event message) matches', () => {
    const pkg = 'example_interfaces/srv/AddTwoInts';
    const req = { type_name: `${pkg}_Request`, fields: [field('a', INT64), field('b', INT64)] };
    const res = { type_name: `${pkg}_Response`, fields: [field('sum', INT64)] };
    const event = {
      type_name: `${pkg}_Event`,
      fields: [
        field('info', NESTED, 'service_msgs/msg/ServiceEventInfo'),
        field('request', NESTED + BOUNDED_SEQ, `${pkg}_Request`, 1),
        field('response', NESTED + BOUNDED_SEQ, `${pkg}_Response`, 1),
      ],
    };
    const info = {
      type_name: 'service_msgs/msg/ServiceEventInfo',
      fields: [
        field('event_type', UINT8),
        field('stamp', NESTED, 'builtin_interfaces/msg/Time'),
        field('client_gid', UINT8 + ARRAY, '', 16),
        field('sequence_number', INT64),
      ],
    };
    const time = { type_name: 'builtin_interfaces/msg/Time', fields: [field('sec', INT32), field('nanosec', UINT32)] };
    const srv = {
      type_name: pkg,
      fields: [
        field('request_message', NESTED, `${pkg}_Request`),
        field('response_message', NESTED, `${pkg}_Response`),
        field('event_message', NESTED, `${pkg}_Event`),
      ],
    };
    const refs = [req, res, event, info, time].sort((a, b) => (a.type_name < b.type_name ? -1 : 1));
    expect(example_interfaces.srv.AddTwoInts.typeHash).toBe(
      rihs01({ type_description: srv, referenced_type_descriptions: refs }),
    );
    expect(example_interfaces.srv.AddTwoInts.typeHash).toBe(example_interfaces.srv.AddTwoInts.typeHash);
    // The value rmw_zenoh's design document shows for this service.
    expect(example_interfaces.srv.AddTwoInts.typeHash).toBe(
      'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a',
    );
  });
});
