// `rclts topic echo --field` and the --qos-* options of echo/hz/pub, checked before anything
// is opened (the round trip through a router is in test/integration/rclts-cli.test.ts).
import { describe, expect, it } from 'vitest';
import { type ParsedArgs, parseArgs } from '../../../src/cli/rclts/cli-args.js';
import { QOS_OPTIONS, qosFromOptions } from '../../../src/cli/rclts/cli-qos.js';
import { echoPrinter } from '../../../src/cli/rclts/echo-field.js';
import { TypeRegistry } from '../../../src/cli/rclts/type-registry.js';
import { geometry_msgs, sensor_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';

const registry = (() => {
  const r = TypeRegistry.load();
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const struct = (t: string) => {
  const found = registry.message(t);
  if (!found.ok) throw new Error(found.error.message);
  return found.value.struct;
};
const args = (...argv: string[]): ParsedArgs => {
  const a = parseArgs(argv, [...QOS_OPTIONS]);
  if (typeof a === 'string') throw new Error(a);
  return a;
};
const qos = (...argv: string[]) => {
  const q = qosFromOptions(args(...argv));
  return q.ok ? q.value.toRmw() : q.error.message;
};

describe('--qos-* options', () => {
  it('default without options; a profile sets every policy; single policies override it', () => {
    expect(qos()).toMatchObject({ reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 });
    expect(qos('--qos-profile', 'sensor_data')).toMatchObject({ reliability: 'best_effort', depth: 5 });
    expect(qos('--qos-profile', 'sensor_data', '--qos-reliability', 'reliable')).toMatchObject({
      reliability: 'reliable',
      depth: 5,
    });
    expect(qos('--qos-durability', 'transient_local', '--qos-depth', '3')).toMatchObject({
      durability: 'transient_local',
      history: 'keep_last',
      depth: 3,
    });
    expect(qos('--qos-history', 'keep_all')).toMatchObject({ history: 'keep_all' });
    expect(qos('--qos-profile', 'rosout_default')).toMatchObject({ durability: 'transient_local', depth: 1000 });
  });

  it('refuses unknown names, system_default and a zero or fractional depth, naming the option', () => {
    expect(qos('--qos-reliability', 'maybe')).toBe('--qos-reliability must be one of reliable, best_effort, got maybe');
    expect(qos('--qos-durability', 'system_default')).toMatch(/system_default is refused/);
    expect(qos('--qos-profile', 'fast')).toMatch(/^--qos-profile must be one of default, sensor_data/);
    expect(qos('--qos-depth', '0')).toBe('--qos-depth must be at least 1, got 0');
    expect(qos('--qos-depth', '2.5')).toBe('--qos-depth must be a whole number, got 2.5');
  });
});

describe('echo --field', () => {
  const joint = sensor_msgs.msg.JointState.create({ name: ['j1'], position: [1, 0.5] }) as never;
  const twist = geometry_msgs.msg.Twist.create({ linear: { x: 1.5 } }) as never;
  const print = (t: string, path: string | undefined, m: never) => {
    const p = echoPrinter(registry, struct(t), path);
    return p.ok ? p.value(m) : p.error.message;
  };

  it('prints a scalar, a list or a nested message as ros2 topic echo --field does', () => {
    expect(print('geometry_msgs/msg/Twist', 'linear.x', twist)).toEqual(['1.5']);
    expect(print('sensor_msgs/msg/JointState', 'position', joint)).toEqual(['- 1.0', '- 0.5']);
    expect(print('sensor_msgs/msg/JointState', 'effort', joint)).toEqual(['[]']);
    expect(print('geometry_msgs/msg/Twist', 'linear', twist)).toEqual(['x: 1.5', 'y: 0.0', 'z: 0.0']);
    expect(print('sensor_msgs/msg/JointState', 'header.stamp', joint)).toEqual(['sec: 0', 'nanosec: 0']);
    expect(print('geometry_msgs/msg/Twist', undefined, twist)[0]).toBe('linear:');
  });

  it('refuses a path the type does not have, naming the type and its fields', () => {
    expect(print('geometry_msgs/msg/Twist', 'linear.w', twist)).toBe(
      "--field linear.w: geometry_msgs/msg/Vector3 has no field 'w' (fields: x, y, z)",
    );
    expect(print('geometry_msgs/msg/Twist', 'linear.x.y', twist)).toBe(
      "--field linear.x.y: linear.x is not a message, it has no field 'y'",
    );
    expect(print('sensor_msgs/msg/JointState', 'position.0', joint)).toMatch(/position is not a message/);
  });
});
