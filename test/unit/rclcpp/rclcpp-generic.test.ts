// Runtime-typed messages on the in-process backend: the TypeRegistry (bundled types by name, a
// user's folder loaded at run time with Jazzy's hashes), generic publishers and subscriptions
// (bytes and plain objects) talking to typed ones, serialize/deserialize, a generic client.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  deserialize,
  example_interfaces,
  type GenericMessage,
  type ResultOf,
  serialize,
  std_msgs,
  TypeRegistry,
} from '../../../src/index.js';
import { geometry_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/interfaces');
const reference = (
  JSON.parse(readFileSync(join(FIXTURES, 'test_msgs-type-hashes.json'), 'utf8')) as { hashes: Record<string, string> }
).hashes;

async function spinUntil(executor: { spinSome(): unknown }, done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) {
    await settle();
    executor.spinSome();
  }
}

describe('TypeRegistry', () => {
  it('knows every bundled type by its full and its short name, and answers NotFound naming an unknown one', () => {
    const types = TypeRegistry.bundled();
    expect(unwrap(types.message('std_msgs/msg/String'))).toBe(std_msgs.msg.String);
    expect(unwrap(types.message('geometry_msgs/Twist'))).toBe(geometry_msgs.msg.Twist);
    expect(unwrap(types.service('example_interfaces/AddTwoInts'))).toBe(example_interfaces.srv.AddTwoInts);
    expect(unwrap(types.action('example_interfaces/action/Fibonacci')).typeName).toBe(
      'example_interfaces/action/Fibonacci',
    );
    const missing = types.message('no_pkg/msg/Nothing');
    expect(expectErr(missing)).toBe('NotFound');
    expect(!missing.ok && missing.error.message).toContain("'no_pkg/msg/Nothing'");
    // A service is no message and a message no service.
    expect(expectErr(types.message('example_interfaces/srv/AddTwoInts'))).toBe('NotFound');
    expect(expectErr(types.service('std_msgs/msg/String'))).toBe('NotFound');
  });

  it('loads a folder at run time: every message, service and action of test_msgs with its Jazzy hash', () => {
    const types = unwrap(TypeRegistry.load({ directories: [join(FIXTURES, 'test_msgs')] }));
    const names = Object.keys(reference).filter((n) => n.startsWith('test_msgs/'));
    expect(names.length).toBeGreaterThan(40);
    let checked = 0;
    for (const name of names) {
      const [, kind, base = ''] = name.split('/');
      const service = /_(SendGoal|GetResult)$/.test(name) || (kind === 'srv' && !base.includes('_'));
      const found: ResultOf<{ typeHash: string }> = service
        ? types.service(name)
        : kind === 'action' && !base.includes('_')
          ? types.action(name)
          : types.message(name);
      expect(unwrap(found).typeHash, name).toBe(reference[name]);
      checked++;
    }
    expect(checked).toBe(names.length);
    // Bundled ones stay the generated classes, and a definition is there for tools.
    expect(unwrap(types.message('std_msgs/String'))).toBe(std_msgs.msg.String);
    expect(unwrap(types.definition('test_msgs/msg/Nested')).fields.map((f) => f.name)).toEqual(['basic_types_value']);
  });

  it('answers NotFound for a folder that is not there and InvalidArgument for a broken definition', () => {
    expect(expectErr(TypeRegistry.load({ directories: [join(FIXTURES, 'no_such_pkg')] }))).toBe('NotFound');
    const dir = mkdtempSync(join(tmpdir(), 'rclts-generic-'));
    mkdirSync(join(dir, 'my_msgs', 'msg'), { recursive: true });
    writeFileSync(join(dir, 'my_msgs', 'msg', 'Bad.msg'), 'int32 x\nnot_a_type y\n');
    const bad = TypeRegistry.load({ directories: [dir] });
    expect(expectErr(bad)).toBe('InvalidArgument');
    expect(!bad.ok && bad.error.message).toContain('Bad.msg:2');
  });

  it('answers Unsupported where no Node file system can be had (a browser page)', async () => {
    const proc = process as { getBuiltinModule?: unknown };
    const saved = proc.getBuiltinModule;
    vi.resetModules();
    proc.getBuiltinModule = undefined;
    try {
      const fresh = (await import('../../../src/rclcpp/generic/type-registry.js')) as {
        TypeRegistry: typeof TypeRegistry;
      };
      const r = fresh.TypeRegistry.load({ directories: [join(FIXTURES, 'test_msgs')] });
      expect(expectErr(r)).toBe('Unsupported');
      expect(unwrap(fresh.TypeRegistry.bundled().message('std_msgs/String')).typeName).toBe('std_msgs/msg/String');
    } finally {
      proc.getBuiltinModule = saved;
    }
  });
});

describe('serialize / deserialize', () => {
  it('give the typed codec bytes and values, and error values for bad input', () => {
    const twist = { linear: { x: 1, y: 2, z: 3 }, angular: { x: 0, y: 0, z: 0.5 } };
    const bytes = unwrap(serialize('geometry_msgs/msg/Twist', twist));
    expect(bytes).toEqual(geometry_msgs.msg.Twist.encode(twist));
    expect(unwrap(deserialize('geometry_msgs/Twist', bytes))).toEqual(twist);

    const badField = serialize('std_msgs/msg/Int32', { data: 1.5 });
    expect(expectErr(badField)).toBe('InvalidArgument');
    expect(!badField.ok && badField.error.message).toContain('std_msgs/msg/Int32.data');
    expect(expectErr(deserialize('geometry_msgs/msg/Twist', bytes.subarray(0, 20)))).toBe('InvalidArgument');
    expect(expectErr(deserialize('std_msgs/msg/String', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])))).toBe(
      'InvalidArgument',
    );
    expect(expectErr(deserialize('std_msgs/msg/Nope', bytes))).toBe('NotFound');
  });
});

describe('generic publishers and subscriptions', () => {
  it('a generic subscription gets a typed publisher’s bytes (raw) and plain objects (decoded)', async () => {
    const { executor, node } = makeFixture();
    const raw: Uint8Array[] = [];
    const decoded: GenericMessage[] = [];
    unwrap(
      node.createGenericSubscription('std_msgs/msg/String', 'chatter', (b) => void raw.push(b), undefined, {
        raw: true,
      }),
    );
    unwrap(node.createGenericSubscription('std_msgs/String', 'chatter', (m) => void decoded.push(m)));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'chatter'));
    unwrap(pub.publish({ data: 'hello' }));
    await spinUntil(executor, () => raw.length > 0 && decoded.length > 0);
    expect(raw).toEqual([std_msgs.msg.String.encode({ data: 'hello' })]);
    expect(decoded).toEqual([{ data: 'hello' }]);
    // Both sides are the real type on the graph (its name and hash).
    const ends = unwrap(node.getEndpoints()).filter((e) => e.name === '/chatter');
    expect(ends).toHaveLength(3);
    for (const e of ends) expect(e.typeHash).toBe(std_msgs.msg.String.typeHash);
  });

  it('a generic publisher’s objects and bytes reach a typed subscription; bad bytes are refused and not sent', async () => {
    const { executor, node } = makeFixture();
    const got: geometry_msgs.msg.Point[] = [];
    unwrap(node.createSubscription(geometry_msgs.msg.Point, 'point', (m) => void got.push(m)));
    const pub = unwrap(node.createGenericPublisher('geometry_msgs/msg/Point', 'point'));
    expect(pub.typeName).toBe('geometry_msgs/msg/Point');
    unwrap(pub.publish({ x: 1, y: 2, z: 3 }));
    unwrap(pub.publishRaw(geometry_msgs.msg.Point.encode({ x: 4, y: 5, z: 6 })));
    const noHeader = pub.publishRaw(new Uint8Array([9, 9, 9, 9, 0, 0, 0, 0]));
    expect(expectErr(noHeader)).toBe('InvalidArgument');
    expect(!noHeader.ok && noHeader.error.message).toContain("'/point'");
    expect(expectErr(pub.publish({ x: 'one' }))).toBe('InvalidArgument');
    await spinUntil(executor, () => got.length >= 2);
    await settle();
    executor.spinSome();
    expect(got).toEqual([
      { x: 1, y: 2, z: 3 },
      { x: 4, y: 5, z: 6 },
    ]);
  });

  it('a type of a loaded folder goes end to end, bytes equal to the dynamic codec', async () => {
    const { executor, node } = makeFixture();
    const registry = unwrap(TypeRegistry.load({ directories: [join(FIXTURES, 'test_msgs')] }));
    const type = unwrap(registry.message('test_msgs/msg/Nested'));
    const raw: Uint8Array[] = [];
    const decoded: GenericMessage[] = [];
    const opts = { registry, raw: true } as const;
    unwrap(node.createGenericSubscription('test_msgs/Nested', 'nested', (b) => void raw.push(b), undefined, opts));
    unwrap(
      node.createGenericSubscription('test_msgs/Nested', 'nested', (m) => void decoded.push(m), undefined, {
        registry,
      }),
    );
    const pub = unwrap(node.createGenericPublisher('test_msgs/msg/Nested', 'nested', undefined, { registry }));
    const message = type.create({ basic_types_value: { int32_value: -7, string_value: 'x' } });
    unwrap(pub.publish(message));
    await spinUntil(executor, () => raw.length > 0 && decoded.length > 0);
    expect(raw[0]).toEqual(type.encode(message));
    expect(decoded[0]).toEqual(message);
    expect(unwrap(deserialize('test_msgs/msg/Nested', raw[0]!, registry))).toEqual(message);
  });

  it('refuses an unknown type and bad options with error values before declaring anything', () => {
    const { node } = makeFixture();
    const before = unwrap(node.getEndpoints()).length;
    const unknown = node.createGenericPublisher('nope_msgs/msg/Nope', 'x');
    expect(expectErr(unknown)).toBe('NotFound');
    expect(!unknown.ok && unknown.error.message).toContain("'nope_msgs/msg/Nope'");
    expect(expectErr(node.createGenericSubscription('nope_msgs/Nope', 'x', () => {}))).toBe('NotFound');
    const badRegistry = { registry: {} as TypeRegistry };
    expect(expectErr(node.createGenericSubscription('std_msgs/String', 'x', () => {}, undefined, badRegistry))).toBe(
      'InvalidArgument',
    );
    expect(unwrap(node.getEndpoints()).length).toBe(before);
  });

  it('answers InvalidArgument, never throws, for a type name or options that are no such thing', () => {
    const { node } = makeFixture();
    const hostile = [undefined, null, 42, '', Object.create(null), { toString: () => 'std_msgs/String' }];
    for (const name of hostile) {
      const n = name as unknown as string;
      expect(expectErr(node.createGenericPublisher(n, 'x'))).toBe('InvalidArgument');
      expect(expectErr(node.createGenericSubscription(n, 'x', () => {}))).toBe('InvalidArgument');
      expect(expectErr(node.createGenericClient(n, 'x', () => {}))).toBe('InvalidArgument');
      expect(expectErr(serialize(n, {}))).toBe('InvalidArgument');
      expect(expectErr(TypeRegistry.bundled().definition(n))).toBe('InvalidArgument');
    }
    const dirs = [42, 'folder', [1], Object.create(null)];
    for (const directories of dirs) {
      expect(expectErr(TypeRegistry.load({ directories } as unknown as { directories: string[] }))).toBe(
        'InvalidArgument',
      );
    }
    expect(expectErr(TypeRegistry.load(7 as unknown as object))).toBe('InvalidArgument');
    expect(expectErr(deserialize('std_msgs/String', 'bytes' as unknown as Uint8Array))).toBe('InvalidArgument');
    const pub = unwrap(node.createGenericPublisher('std_msgs/String', 'x'));
    expect(expectErr(pub.publishRaw([0, 1, 0, 0] as unknown as Uint8Array))).toBe('InvalidArgument');
  });

  it('a generic client calls a typed service with plain objects', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', (req) => ({ sum: req.a + req.b })));
    const answers: ResultOf<GenericMessage>[] = [];
    const client = unwrap(
      node.createGenericClient('example_interfaces/AddTwoInts', 'add', (r) => void answers.push(r)),
    );
    unwrap(client.asyncSendRequest({ a: 2n, b: 40n }));
    await spinUntil(executor, () => answers.length > 0);
    expect(answers).toEqual([{ ok: true, value: { sum: 42n } }]);
    expect(expectErr(node.createGenericClient('std_msgs/msg/String', 'add', () => {}))).toBe('NotFound');
  });
});
