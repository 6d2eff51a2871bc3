// The value syntax of `rclts topic pub` / `service call` and the YAML `topic echo` prints.
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../src/cli/rclts/cli-args.js';
import { messageFromValues, messageToYaml } from '../../../src/cli/rclts/message-values.js';
import { runCli } from '../../../src/cli/rclts/run-cli.js';
import { TypeRegistry } from '../../../src/cli/rclts/type-registry.js';
import { NumberText, parseValues } from '../../../src/cli/rclts/value-syntax.js';

const registry = (() => {
  const r = TypeRegistry.load();
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const from = (type: string, text: string) => {
  const found = registry.message(type);
  if (!found.ok) throw new Error(found.error.message);
  const parsed = parseValues(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return messageFromValues(registry, found.value.struct, parsed.value, type);
};

describe('value syntax', () => {
  it('reads YAML flow maps and lists, quoted and bare strings, numbers as text', () => {
    expect(parseValues("{a: {b: 1.5, c: [1, -2, 3e2]}, s: 'it''s', t: \"x\\ny\", u: bare words}")).toEqual({
      ok: true,
      value: {
        a: { b: new NumberText('1.5'), c: [new NumberText('1'), new NumberText('-2'), new NumberText('3e2')] },
        s: "it's",
        t: 'x\ny',
        u: 'bare words',
      },
    });
    expect(parseValues('data: hello')).toEqual({ ok: true, value: { data: 'hello' } });
    expect(parseValues('')).toEqual({ ok: true, value: {} });
    expect(parseValues('{a: [1, 2}')).toEqual({ ok: false, error: "expected ']' at column 10, found '}'" });
  });

  it('fills a message of the type: defaults, int64 digits kept, nested lists of messages', () => {
    expect(from('geometry_msgs/msg/Twist', '{linear: {x: 1}}')).toEqual({
      linear: { x: 1, y: 0, z: 0 },
      angular: { x: 0, y: 0, z: 0 },
    });
    expect(from('std_msgs/msg/Int64', '{data: 9223372036854775807}')).toEqual({ data: 2n ** 63n - 1n });
    const path = from('nav_msgs/msg/Path', '{header: {frame_id: map}, poses: [{pose: {position: {x: 2}}}]}') as {
      poses: { pose: { position: { x: number } } }[];
    };
    expect(path.poses[0]?.pose.position.x).toBe(2);
    expect(() => from('geometry_msgs/msg/Twist', '{linear: {x: abc}}')).toThrow(
      'Twist.linear.x must be a number (float64)',
    );
    expect(() => from('std_msgs/msg/Int32', '{data: 1.5}')).toThrow('must be an integer (int32), got 1.5');
    expect(() => from('std_msgs/msg/Bool', '{data: 1}')).toThrow('must be true or false');
  });

  it('prints YAML as ros2 topic echo does', () => {
    const found = registry.message('sensor_msgs/msg/NavSatFix');
    if (!found.ok) throw new Error('no NavSatFix');
    const m = found.value.type.create({ header: { frame_id: 'gps' }, latitude: 47.5, status: { status: -1 } });
    expect(messageToYaml(registry, found.value.struct, m).slice(0, 12)).toEqual([
      'header:',
      '  stamp:',
      '    sec: 0',
      '    nanosec: 0',
      '  frame_id: gps',
      'status:',
      '  status: -1',
      '  service: 0',
      'latitude: 47.5',
      'longitude: 0.0',
      'altitude: 0.0',
      'position_covariance:',
    ]);
  });
});

describe('rclts without a router', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        out: (t: string) => out.push(t),
        err: (t: string) => err.push(t),
        stopRequested: new Promise<void>(() => {}),
      },
    };
  };

  it('interface show prints the definition; unknown commands and types are usage errors or failures', async () => {
    const a = io();
    expect(await runCli(['interface', 'show', 'std_msgs/msg/Header'], a.io)).toBe(ExitCode.Ok);
    expect(a.out.join('')).toContain('builtin_interfaces/Time stamp');
    const b = io();
    expect(await runCli(['topic', 'frobnicate'], b.io)).toBe(ExitCode.Misuse);
    const c = io();
    expect(await runCli(['interface', 'show', 'std_msgs/msg/Nope'], c.io)).toBe(ExitCode.Failed);
    expect(c.err.join('')).toContain("unknown interface 'std_msgs/msg/Nope'");
  });
});
