/** examples/echo_any_topic.ts echoes a topic by type name in-process: objects, raw bytes, a user's type. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, messageJson } from '../../../examples/echo_any_topic.js';
import { Executor, std_msgs, TypeRegistry, Result } from '../../../src/index.js';

const unwrap = Result.unwrap;

/** Runs the example while another executor of this process publishes `publish()` every few ms. */
async function echoWhile(argv: string[], publish: () => void): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const running = main([...argv, '--budget-ms', '5000'], (l) => void lines.push(l));
  const timer = setInterval(publish, 5);
  const code = await running;
  clearInterval(timer);
  return { code, lines };
}

describe('echo_any_topic example', () => {
  it('prints plain objects of a bundled type named at run time, and raw CDR bytes with --raw 1', async () => {
    const executor = unwrap(await Executor.create());
    const node = unwrap(executor.createNode('example_talker', { startParameterServices: false, enableRosout: false }));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'any_chatter'));
    const objects = await echoWhile(['/any_chatter', 'std_msgs/String', '--count', '2'], () =>
      pub.publish({ data: 'hi' }),
    );
    expect(objects.code).toBe(0);
    expect(objects.lines).toEqual(['{"data":"hi"}', '{"data":"hi"}']);
    const raw = await echoWhile(['/any_chatter', 'std_msgs/msg/String', '--count', '1', '--raw', '1'], () =>
      pub.publish({ data: 'hi' }),
    );
    expect(raw.lines).toEqual(['00 01 00 00 03 00 00 00 68 69 00']);
    await executor.shutdown();
  });

  it('echoes a type of a folder given after the type name', async () => {
    const dir = join(import.meta.dirname, '../../fixtures/interfaces/test_msgs');
    const registry = unwrap(TypeRegistry.load({ directories: [dir] }));
    const executor = unwrap(await Executor.create());
    const node = unwrap(executor.createNode('example_talker2', { startParameterServices: false, enableRosout: false }));
    const pub = unwrap(node.createGenericPublisher('test_msgs/msg/Nested', 'any_nested', undefined, { registry }));
    const message = unwrap(registry.message('test_msgs/msg/Nested')).create({ basic_types_value: { int64_value: 5n } });
    const out = await echoWhile(['any_nested', 'test_msgs/msg/Nested', dir, '--count', '1'], () =>
      pub.publish(message),
    );
    expect(out.code).toBe(0);
    expect(out.lines[0]).toBe(messageJson(message));
    expect(out.lines[0]).toContain('"int64_value":"5"');
    await executor.shutdown();
  });

  it('answers exit 1 naming an unknown type, and 2 for a missing argument', async () => {
    const lines: string[] = [];
    expect(await main(['/x', 'nope_msgs/msg/Nope'], (l) => void lines.push(l))).toBe(1);
    expect(lines[0]).toContain("'nope_msgs/msg/Nope'");
    expect(await main(['/x'], (l) => void lines.push(l))).toBe(2);
  });
});
