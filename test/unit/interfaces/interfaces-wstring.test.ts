// wstring as rosidl_typesupport_fastrtps writes it for rmw_zenoh_cpp (serialization_helpers.hpp):
// a uint32 count of UTF-16 units, then one uint32 per unit, no terminator; a surrogate pair is
// two units. Exact bytes computed by hand from that rule, for generated code of every wstring
// shape (plain, bounded, fixed array, bounded and unbounded sequence), bytes recorded from rclpy's
// serialize_message, and the refusal of a unit over 0xffff as a decode error, never a throw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent } from '../../../src/index.js';
import type { MessageClass } from '../../../src/rclcpp/interfaces/runtime/index.js';
import { file, generateFixture } from '../../support/generate-fixture.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

type AnyClass = MessageClass<Record<string, unknown>>;

const wstringsMsg = readFileSync(
  join(import.meta.dirname, '../../fixtures/interfaces/test_msgs/msg/WStrings.msg'),
  'utf8',
);
const { dir } = generateFixture([
  file('test_msgs', 'msg', 'WStrings', wstringsMsg),
  file(
    'wide_msgs',
    'msg',
    'Wide',
    'int8 a\nwstring w\nwstring<=3 b\nwstring[2] fixed\nwstring<=3[<=2] bounded\nwstring[] seq',
  ),
  file('wide_msgs', 'msg', 'One', 'wstring w'),
]);
const msg = (
  (await import(pathToFileURL(join(dir, 'wide_msgs', 'index.ts')).href)) as { msg: Record<string, AnyClass> }
).msg;
const WStrings = (
  (await import(pathToFileURL(join(dir, 'test_msgs', 'index.ts')).href)) as { msg: Record<string, AnyClass> }
).msg.WStrings!;
const Wide = msg.Wide!;
const One = msg.One!;

const LE = [0, 1, 0, 0];
const BE = [0, 0, 0, 0];
const u32 = (v: number): number[] => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24];
const empty = { a: 5, w: '', b: '', fixed: ['', ''], bounded: [], seq: [] };

describe('wstring on the wire (uint32 count, one uint32 per UTF-16 unit)', () => {
  it('empty: the count alone, aligned to 4 after an int8', () => {
    const bytes = Wide.encode(empty);
    // a, 3 padding, w, b, fixed[0], fixed[1], bounded count, seq count
    expect([...bytes]).toEqual([...LE, 5, 0, 0, 0, ...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0)]);
    expect(Wide.decode(bytes)).toEqual(empty);
  });

  it('ASCII: 4 bytes a character', () => {
    const bytes = One.encode({ w: 'hi' });
    expect([...bytes]).toEqual([...LE, 2, 0, 0, 0, 0x68, 0, 0, 0, 0x69, 0, 0, 0]);
    expect(One.decode(bytes)).toEqual({ w: 'hi' });
  });

  it('outside the BMP: a surrogate pair is two units, each its own uint32 ("a😀" is 3 units)', () => {
    const bytes = One.encode({ w: 'a😀' });
    expect([...bytes]).toEqual([...LE, 3, 0, 0, 0, 0x61, 0, 0, 0, 0x3d, 0xd8, 0, 0, 0x00, 0xde, 0, 0]);
    expect(One.decode(bytes)).toEqual({ w: 'a😀' });
  });

  it('BMP beyond Latin-1 ("é", "ハ") keeps its unit whole', () => {
    const bytes = One.encode({ w: 'éハ' });
    expect([...bytes]).toEqual([...LE, ...u32(2), 0xe9, 0, 0, 0, 0xcf, 0x30, 0, 0]);
  });

  it('arrays and sequences of wstring: sequence counts, then each element as above', () => {
    const m = { a: -1, w: 'x', b: 'abc', fixed: ['', 'y'], bounded: ['😀'], seq: ['p', 'qr', ''] };
    const bytes = Wide.encode(m);
    expect([...bytes]).toEqual([
      ...LE,
      0xff,
      0,
      0,
      0,
      ...[...u32(1), ...u32(0x78)], // w
      ...[...u32(3), ...u32(0x61), ...u32(0x62), ...u32(0x63)], // b
      ...[...u32(0), ...[...u32(1), ...u32(0x79)]], // fixed: no count
      ...[...u32(1), ...[...u32(2), ...u32(0xd83d), ...u32(0xde00)]], // bounded
      ...[...u32(3), ...[...u32(1), ...u32(0x70)], ...[...u32(2), ...u32(0x71), ...u32(0x72)], ...u32(0)], // seq
    ]);
    expect(Wide.decode(bytes)).toEqual(m);
  });

  it('bounds count UTF-16 units: at the bound encodes, one over is refused naming the field', () => {
    expect(() => Wide.encode({ ...empty, b: 'abcd' })).toThrow(
      'wide_msgs/msg/Wide.b is 4 UTF-16 units long, over its bound of 3',
    );
    expect(() => Wide.encode({ ...empty, bounded: ['ok', 'four'] })).toThrow('Wide.bounded[1] is 4 UTF-16 units long');
    expect(() => Wide.encode({ ...empty, bounded: ['', '', ''] })).toThrow('over its bound of 2');
  });

  it('decodes what Fast-CDR writes: garbage in the padding, either byte order', () => {
    const le = [...LE, 7, 0xaa, 0xbb, 0xcc, ...u32(1), ...u32(0x5a), ...u32(0), ...u32(0), ...u32(0), ...u32(0)];
    le.push(...u32(1), ...u32(2), ...u32(0xd83d), ...u32(0xde00));
    expect(Wide.decode(Uint8Array.from(le))).toEqual({ ...empty, a: 7, w: 'Z', seq: ['😀'] });
    const be = [...BE, 0, 0, 0, 2, 0, 0, 0, 0x68, 0, 0, 0x30, 0xcf];
    expect(One.decode(Uint8Array.from(be))).toEqual({ w: 'hハ' });
  });

  it('test_msgs/WStrings: the bytes rclpy serialize_message gave (Kilted wheels, Fast-CDR), both ways', () => {
    const m = {
      wstring_value: 'a😀',
      wstring_value_default1: '',
      wstring_value_default2: 'hi',
      wstring_value_default3: 'é',
      array_of_wstrings: ['', 'x', '😀'],
      bounded_sequence_of_wstrings: ['p'],
      unbounded_sequence_of_wstrings: ['', 'qr'],
    };
    const message =
      '0001000003000000610000003dd8000000de00000000000002000000680000006900000001000000e90000000000000001000000' +
      '78000000020000003dd8000000de00000100000001000000700000000200000000000000020000007100000072000000';
    // rmw_serialize keeps its size estimate, which counts a terminator per wstring that is never
    // written: 40 bytes of whatever the buffer held follow the message
    const tail = '6255000070373a87b07f000030baba87b07f000040383a87b07f0000f04f3c87b07f0000e0bb458b';
    expect(Buffer.from(WStrings.encode(m)).toString('hex')).toBe(message);
    expect(WStrings.decode(Uint8Array.from(Buffer.from(message + tail, 'hex')))).toEqual(m);
  });

  it('refuses a unit over 0xffff and a count the payload cannot hold', () => {
    expect(() => One.decode(Uint8Array.from([...LE, ...u32(2), ...u32(0x41), ...u32(0x1f600)]))).toThrow(
      'wstring unit 1 of 2 is 0x1f600, over 0xffff',
    );
    // two units as uint16 (the old encoding) do not fit the 4 bytes each a unit takes
    expect(() => One.decode(Uint8Array.from([...LE, ...u32(2), 0x68, 0, 0x69, 0]))).toThrow('does not fit');
  });

  it('a long wstring (past 4096 units) and a lone surrogate come back unit for unit', () => {
    const w = `${'aé😀'.repeat(3000)}\ud800`;
    const bytes = One.encode({ w });
    expect(bytes.length).toBe(4 + 4 + 4 * w.length);
    expect(One.decode(bytes)).toEqual({ w });
    const bad = bytes.slice();
    bad.set(u32(0x110000), 8 + 4 * 5000);
    expect(() => One.decode(bad)).toThrow(`wstring unit 5000 of ${w.length} is 0x110000, over 0xffff`);
  });

  it('an undecodable wstring reaches the user as a decode_error event, not a throw', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const raw = unwrap(node.createPublisher(One, 'wide'));
    const got: unknown[] = [];
    unwrap(node.createSubscription(One, 'wide', (m) => got.push(m)));
    unwrap(raw.publishRaw(Uint8Array.from([...LE, ...u32(1), ...u32(0x10000)])));
    unwrap(raw.publish({ w: 'ok' }));
    await settle();
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(got).toEqual([{ w: 'ok' }]);
    const failure = events.find((e) => e.type === 'decode_error');
    expect(failure?.type === 'decode_error' && failure.message).toContain('over 0xffff');
  });
});
