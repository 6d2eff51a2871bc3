// Generated code on the CDR edge cases (alignment after an int8, empty sequences, nested string
// arrays, unicode, wstrings, bounds) with exact bytes, test_msgs (every field kind rosidl tests)
// against @foxglove/rosmsg2-serialization, defaults, constants, and the refusal of over-bound
// values: InvalidArgument from publish, nothing sent.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageWriter } from '@foxglove/rosmsg2-serialization';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPackageDirs, readPackage } from '../../../src/interface-compiler/load-files.js';
import type { MessageClass } from '../../../src/rclcpp/interfaces/runtime/index.js';
import { file, generateFixture } from '../../support/generate-fixture.js';
import { foxgloveDefinitions, hasWString, MessageArbitraries } from '../../support/interface-arbitraries.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

type AnyClass = MessageClass<Record<string, unknown>> & Record<string, unknown>;
type Pkg = Record<string, Record<string, AnyClass>>;

const edge = [
  file('edge_msgs', 'msg', 'Int8Float64', 'int8 a\nfloat64 b'),
  file('edge_msgs', 'msg', 'EmptySequences', 'uint8 a\nfloat64[] b\nuint8 c\nint64[] d\nstring[] e'),
  file('edge_msgs', 'msg', 'Names', 'string[2] fixed\nstring[] more'),
  file('edge_msgs', 'msg', 'NestedNames', 'Names[] list\nNames[2] pair'),
  file('edge_msgs', 'msg', 'Text', 'string s'),
  file('edge_msgs', 'msg', 'Wide', 'wstring w\nwstring[] ws'),
  file('edge_msgs', 'msg', 'Bounded', 'int32[<=3] xs\nstring<=5 s\nstring<=2[<=2] ss\nuint8[<=4] bytes'),
  file('edge_msgs', 'msg', 'Pose', 'geometry_msgs/Pose pose\nbuiltin_interfaces/Time stamp'),
];
const testMsgs = findPackageDirs(join(import.meta.dirname, '../../fixtures/interfaces/test_msgs')).flatMap(readPackage);
const { dir, structs } = generateFixture([...edge, ...testMsgs]);
const load = async (pkg: string): Promise<Pkg> => (await import(pathToFileURL(join(dir, pkg, 'index.ts')).href)) as Pkg;
const E = (await load('edge_msgs')).msg!;
const T = await load('test_msgs');

const header = [0, 1, 0, 0];
const f64 = (v: number) => [...new Uint8Array(new Float64Array([v]).buffer)];
const u32 = (v: number) => [...new Uint8Array(new Uint32Array([v]).buffer)];

describe('CDR edge cases, exact bytes', () => {
  it('int8 then float64: 7 bytes of padding, alignment counted from after the header', () => {
    expect([...E.Int8Float64!.encode({ a: -2, b: 1.5 })]).toEqual([...header, 0xfe, 0, 0, 0, 0, 0, 0, 0, ...f64(1.5)]);
  });

  it('empty sequences: the count only, no alignment for elements that are not there (as Fast-CDR)', () => {
    const m = { a: 1, b: new Float64Array(0), c: 2, d: new BigInt64Array(0), e: [] };
    const bytes = E.EmptySequences!.encode(m);
    expect([...bytes]).toEqual([...header, 1, 0, 0, 0, ...u32(0), 2, 0, 0, 0, ...u32(0), ...u32(0)]);
    expect(E.EmptySequences!.decode(bytes)).toEqual(m);
  });

  it('nested arrays of strings', () => {
    const m = {
      list: [{ fixed: ['a', ''], more: ['xyz'] }],
      pair: [
        { fixed: ['', 'b'], more: [] },
        { fixed: ['c', 'd'], more: ['e', 'f'] },
      ],
    };
    const bytes = E.NestedNames!.encode(m);
    const s = (t: string) => [...u32(t.length + 1), ...[...t].map((c) => c.charCodeAt(0)), 0];
    const pad = (b: number[]) => [...b, ...new Array((4 - (b.length % 4)) % 4).fill(0)];
    const names = (n: { fixed: string[]; more: string[] }) =>
      pad([...pad(s(n.fixed[0]!)), ...pad(s(n.fixed[1]!)), ...u32(n.more.length), ...n.more.flatMap((t) => pad(s(t)))]);
    expect([...bytes]).toEqual(
      pad([...header, ...u32(1), ...names(m.list[0]!), ...names(m.pair[0]!), ...names(m.pair[1]!)]).slice(
        0,
        bytes.length,
      ),
    );
    expect(E.NestedNames!.decode(bytes)).toEqual(m);
    expect(bytes).toEqual(new MessageWriter(foxgloveDefinitions('edge_msgs/msg/NestedNames', structs)).writeMessage(m));
  });

  it('unicode strings: the length counts UTF-8 bytes and the NUL', () => {
    const s = 'ünï ✓ 😀';
    const utf8 = [...new TextEncoder().encode(s)];
    const bytes = E.Text!.encode({ s });
    expect([...bytes]).toEqual([...header, ...u32(utf8.length + 1), ...utf8, 0]);
    expect(E.Text!.decode(bytes)).toEqual({ s });
  });

  it('wstrings: uint32 count of UTF-16 units, then each unit as a uint32, no terminator', () => {
    const bytes = E.Wide!.encode({ w: 'hé', ws: ['😀'] });
    expect([...bytes]).toEqual([
      ...header,
      ...u32(2),
      ...u32(0x68),
      ...u32(0xe9),
      ...u32(1),
      ...u32(2),
      ...u32(0xd83d),
      ...u32(0xde00),
    ]);
    expect(E.Wide!.decode(bytes)).toEqual({ w: 'hé', ws: ['😀'] });
  });

  it('bounded sequences and strings at their bound encode; one over is refused naming the field', () => {
    const atBound = { xs: Int32Array.of(1, 2, 3), s: 'abcde', ss: ['ab', 'cd'], bytes: Uint8Array.of(1, 2, 3, 4) };
    expect(E.Bounded!.decode(E.Bounded!.encode(atBound))).toEqual(atBound);
    expect(() => E.Bounded!.encode({ ...atBound, xs: [1, 2, 3, 4] })).toThrow(
      'edge_msgs/msg/Bounded.xs has 4 elements, over its bound of 3',
    );
    expect(() => E.Bounded!.encode({ ...atBound, s: 'abcdef' })).toThrow(
      'edge_msgs/msg/Bounded.s is 6 bytes long, over its bound of 5',
    );
    expect(() => E.Bounded!.encode({ ...atBound, ss: ['ab', 'cde'] })).toThrow('Bounded.ss[1] is 3 bytes long');
    expect(() => E.Bounded!.encode({ ...atBound, bytes: new Uint8Array(5) })).toThrow('over its bound of 4');
    // a decoder refuses a count over the bound too
    const over = E.Bounded!.encode(atBound);
    over[4] = 4;
    expect(() => E.Bounded!.decode(over)).toThrow('over its bound of 3');
  });

  it('decoded arrays belong to their message: writing into one changes neither the payload nor another decode', () => {
    const bytes = E.Bounded!.encode({ xs: [1, 2, 3], s: '', ss: [], bytes: [9, 9] });
    const before = bytes.slice();
    const a = E.Bounded!.decode(bytes) as { xs: Int32Array; bytes: Uint8Array };
    const b = E.Bounded!.decode(bytes) as { xs: Int32Array; bytes: Uint8Array };
    a.xs[0] = 42;
    a.bytes[0] = 42;
    expect(bytes).toEqual(before);
    expect([b.xs[0], b.bytes[0]]).toEqual([1, 9]);
  });

  it('refuses wrong values with the path of the field', () => {
    const pose = E.Pose!.create();
    expect(() =>
      E.Pose!.encode({ ...pose, pose: { ...(pose.pose as object), position: { x: 1, y: 'no', z: 0 } } } as never),
    ).toThrow('edge_msgs/msg/Pose.pose.position.y must be a float64 number, got no');
    expect(() => E.Pose!.encode({ ...pose, stamp: { sec: 2 ** 31, nanosec: 0 } } as never)).toThrow(
      'Pose.stamp.sec must be an int32',
    );
    expect(() => E.Pose!.encode({ ...pose, stamp: undefined } as never)).toThrow('Pose.stamp must be an object');
    expect(() => E.Int8Float64!.encode({ a: 128, b: 0 })).toThrow('Int8Float64.a must be an int8, got 128');
    // An element of a sequence of structs, refused by the size pass (Pose.stamp.sec above is
    // one the write pass refuses): the first pass builds no paths, the error names the whole one.
    const names = { fixed: ['a', 'b'], more: [] };
    expect(() => E.NestedNames!.encode({ list: [names, { ...names, fixed: ['a', 7] }], pair: [names, names] })).toThrow(
      'edge_msgs/msg/NestedNames.list[1].fixed[1] must be a string',
    );
  });

  it('over-bound values: publish answers InvalidArgument and nothing reaches a subscriber', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(E.Bounded!, 'bounded'));
    const got: unknown[] = [];
    unwrap(node.createSubscription(E.Bounded!, 'bounded', (m) => got.push(m)));
    const atBound = { xs: [1, 2, 3], s: 'abcde', ss: [], bytes: [] };
    const refused = expectErr(pub.publish({ ...atBound, xs: [1, 2, 3, 4] }));
    expect(refused).toBe('InvalidArgument');
    expect(expectErr(pub.publish({ ...atBound, s: 'toolong' }))).toBe('InvalidArgument');
    await settle();
    unwrap(executor.spinSome());
    expect(got).toEqual([]);
    unwrap(pub.publish(atBound));
    await settle();
    unwrap(executor.spinSome());
    expect(got).toEqual([{ xs: Int32Array.of(1, 2, 3), s: 'abcde', ss: [], bytes: new Uint8Array(0) }]);
  });
});

describe('test_msgs (rosidl test package) through the generator', () => {
  const kinds = { msg: T.msg!, srv: T.srv!, action: T.action! };
  const messages = [...structs.values()].filter((s) => s.typeName.startsWith('test_msgs/') && !s.description);
  const ascii = new MessageArbitraries(structs, { ascii: true, maxSequence: 3 });

  for (const s of messages) {
    const [, kind, name] = s.typeName.split('/') as [string, keyof typeof kinds, string];
    it(`${s.typeName}: bytes equal rosmsg2-serialization's and decode(encode(m)) equals m`, () => {
      const type = kinds[kind][name]!;
      const writer = hasWString(s.typeName, structs)
        ? undefined
        : new MessageWriter(foxgloveDefinitions(s.typeName, structs));
      fc.assert(
        fc.property(ascii.of(s.typeName), (m) => {
          const bytes = type.encode(m);
          if (writer !== undefined) expect(bytes).toEqual(writer.writeMessage(m));
          expect(type.decode(bytes)).toEqual(m);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('create() fills the defaults of the definition and takes a partial, nested too', () => {
    const d = T.msg!.Defaults!.create();
    expect(d).toMatchObject({
      bool_value: true,
      byte_value: 50,
      char_value: 100,
      float32_value: 1.125,
      int8_value: -50,
    });
    expect(d.int64_value).toBe(-40000000n);
    expect(d.uint64_value).toBe(50000000n);
    const s = T.msg!.Strings!.create({ string_value: 'x' });
    expect(s).toMatchObject({
      string_value: 'x',
      string_value_default1: 'Hello world!',
      string_value_default3: 'Hello"world!',
    });
    expect(s.string_value_default4).toBe("Hello'world!");
    const a = T.msg!.Arrays!.create();
    expect(a.float64_values_default).toEqual(Float64Array.of(31415e-4, 0, -31415e-4));
    expect(a.int64_values_default).toEqual(BigInt64Array.of(0n, 2n ** 63n - 1n, -(2n ** 63n)));
    expect(a.bool_values_default).toEqual([false, true, false]);
    expect(a.string_values_default).toEqual(['', 'max value', 'min value']);
    expect(a.basic_types_values).toHaveLength(3);
    const n = T.msg!.Nested!.create({ basic_types_value: { int32_value: 7 } });
    expect(n.basic_types_value).toMatchObject({ int32_value: 7, float64_value: 0, bool_value: false });
  });

  it('constants are readonly values on the type', () => {
    expect(T.msg!.Constants!.INT64_CONST).toBe(-40000000n);
    expect(T.msg!.Constants!.BOOL_CONST).toBe(true);
    expect(T.msg!.Strings!.STRING_CONST).toBe('Hello world!');
    expect(Object.isFrozen(T.msg!.Constants)).toBe(true);
  });

  it('an action has its goal, result, feedback, SendGoal, GetResult and FeedbackMessage', () => {
    const F = T.action!.Fibonacci as unknown as Record<string, { typeName: string }>;
    expect(
      Object.fromEntries(
        ['Goal', 'Result', 'Feedback', 'SendGoal', 'GetResult', 'FeedbackMessage'].map((k) => [k, F[k]!.typeName]),
      ),
    ).toEqual({
      Goal: 'test_msgs/action/Fibonacci_Goal',
      Result: 'test_msgs/action/Fibonacci_Result',
      Feedback: 'test_msgs/action/Fibonacci_Feedback',
      SendGoal: 'test_msgs/action/Fibonacci_SendGoal',
      GetResult: 'test_msgs/action/Fibonacci_GetResult',
      FeedbackMessage: 'test_msgs/action/Fibonacci_FeedbackMessage',
    });
  });
});
