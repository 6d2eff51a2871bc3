/**
 * Runtime-typed messages over the real router: a typed publisher heard by generic
 * subscriptions (bytes and objects) in another executor, and a generic publisher of a type
 * loaded from a folder at run time heard by a subscription of the same name there. Under the
 * `ros` naming the data key carries the type's name and RIHS01 hash (as rmw_zenoh keys do), so
 * delivery at all shows the generic side declares the real type.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, type GenericMessage, TypeRegistry, Result } from '../../src/index.js';
import { geometry_msgs } from '../../src/rclcpp/interfaces/generated/index.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;

const NODE = { startParameterServices: false, enableRosout: false } as const;
const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

async function twoExecutors(): Promise<[Executor, Executor]> {
  const router = inject('zenohLocator');
  const a = unwrap(await Executor.create({ router }));
  executors.push(a);
  const b = unwrap(await Executor.create({ router }));
  executors.push(b);
  return [a, b];
}

describe('generic entities on zenoh', () => {
  it('generic subscriptions get a typed publisher’s bytes and objects; the graph shows the real type', async () => {
    const [pubExec, subExec] = await twoExecutors();
    const topic = `/${uniquePrefix('generic')}_cmd_vel`;
    const talker = unwrap(pubExec.createNode('typed_talker', NODE));
    const echo = unwrap(subExec.createNode('generic_echo', NODE));
    const raw: Uint8Array[] = [];
    const decoded: GenericMessage[] = [];
    const opts = { raw: true } as const;
    unwrap(echo.createGenericSubscription('geometry_msgs/msg/Twist', topic, (b) => void raw.push(b), undefined, opts));
    unwrap(echo.createGenericSubscription('geometry_msgs/Twist', topic, (m) => void decoded.push(m)));
    const pub = unwrap(talker.createPublisher(geometry_msgs.msg.Twist, topic));
    unwrap(await pub.ready(5000));
    const twist = { linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: -1.25 } };
    unwrap(
      await subExec.spinUntil(
        () => {
          pub.publish(twist);
          return raw.length > 0 && decoded.length > 0;
        },
        10_000,
        'a Twist through the router',
      ),
    );
    expect(raw[0]).toEqual(geometry_msgs.msg.Twist.encode(twist));
    expect(decoded[0]).toEqual(twist);
    const ends = unwrap(talker.getEndpoints()).filter((e) => e.name === topic);
    expect(ends.length).toBeGreaterThanOrEqual(2);
    for (const e of ends) {
      expect(e.typeName).toBe('geometry_msgs/msg/Twist');
      expect(e.typeHash).toBe(geometry_msgs.msg.Twist.typeHash);
    }
  });

  it('a type loaded from a folder at run time goes across, bytes as the definition encodes them', async () => {
    const [pubExec, subExec] = await twoExecutors();
    const registry = unwrap(
      TypeRegistry.load({ directories: [join(import.meta.dirname, '../fixtures/interfaces/test_msgs')] }),
    );
    const type = unwrap(registry.message('test_msgs/msg/Nested'));
    const topic = `/${uniquePrefix('generic')}_nested`;
    const talker = unwrap(pubExec.createNode('generic_talker', NODE));
    const echo = unwrap(subExec.createNode('generic_listener', NODE));
    const raw: Uint8Array[] = [];
    unwrap(
      echo.createGenericSubscription('test_msgs/Nested', topic, (b) => void raw.push(b), undefined, {
        raw: true,
        registry,
      }),
    );
    const pub = unwrap(talker.createGenericPublisher('test_msgs/msg/Nested', topic, undefined, { registry }));
    unwrap(await pub.ready(5000));
    const message = type.create({
      basic_types_value: { float64_value: 2.5, string_value: 'over zenoh' },
    });
    unwrap(
      await subExec.spinUntil(
        () => {
          pub.publish(message);
          return raw.length > 0;
        },
        10_000,
        'a test_msgs/msg/Nested through the router',
      ),
    );
    expect(raw[0]).toEqual(type.encode(message));
    expect(type.decode(raw[0]!)).toEqual(message);
    const ends = unwrap(echo.getEndpoints()).filter((e) => e.name === topic);
    for (const e of ends) expect(e.typeHash).toBe(type.typeHash);
  });
});
