/**
 * A node's logger as rclcpp names it (`ns.node`) and publishes it: every record at or above its
 * level on the node's /rosout (rcl_interfaces/msg/Log), its child loggers on the same node's,
 * none below the level or after the node is gone; on the in-process backend.
 */
import { describe, expect, it } from 'vitest';
import { Executor, getLogger, LogLevel, type Node, QoS } from '../../../src/index.js';
import * as msgs from '../../../src/rclcpp/interfaces/generated/index.js';
import { nodeLoggerName } from '../../../src/rclcpp/logging/logger.js';
import { settle, unwrap } from '../../support/executor-fixture.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

type Log = msgs.rcl_interfaces.msg.Log;

async function withRosout() {
  const executor = unwrap(await Executor.create());
  const got: Log[] = [];
  const listener = unwrap(executor.createNode('rosout_listener', { enableRosout: false }));
  unwrap(listener.createSubscription(msgs.rcl_interfaces.msg.Log, '/rosout', (m) => void got.push(m), QoS.rosout()));
  const drain = async (n: number) => unwrap(await executor.spinUntil(() => got.length >= n, 2000));
  return { executor, got, drain };
}

describe('node loggers', () => {
  const captured = captureConsole();

  it('names the node logger as rcl does: the fully qualified name with dots', async () => {
    expect(nodeLoggerName('/', 'talker')).toBe('talker');
    expect(nodeLoggerName('/ns', 'talker')).toBe('ns.talker');
    expect(nodeLoggerName('/a/b', 'talker')).toBe('a.b.talker');
    const executor = unwrap(await Executor.create());
    const node: Node = unwrap(executor.createNode('talker', { namespace: '/demo' }));
    expect(node.getLogger().getName()).toBe('demo.talker');
    expect(node.getLogger().getChild('sub').getName()).toBe('demo.talker.sub');
    executor.shutdown();
  });

  it('publishes every record at or above the level on /rosout with level, name, msg (and a form its call site)', async () => {
    const { executor, got, drain } = await withRosout();
    const node = unwrap(executor.createNode('talker', { namespace: '/demo' }));
    const log = node.getLogger();
    log.debug('not at the level');
    log.info('hello');
    log.getChild('sub').warn('from a child');
    log.errorOnce('bad');
    await drain(3);
    expect(got.map((m) => [m.level, m.name, m.msg])).toEqual([
      [LogLevel.Info, 'demo.talker', 'hello'],
      [LogLevel.Warn, 'demo.talker.sub', 'from a child'],
      [LogLevel.Error, 'demo.talker', 'bad'],
    ]);
    // A form reads its call site and sends it; a plain call does not read the stack.
    expect(got[2]?.file).toContain('rclcpp-logging-rosout.test.ts');
    expect(got[2]?.line).toBeGreaterThan(0);
    expect(got[0]).toMatchObject({ file: '', function: '', line: 0 });
    const stamp = BigInt(got[0]!.stamp.sec) * 1_000_000_000n + BigInt(got[0]!.stamp.nanosec);
    expect(stamp > 0n).toBe(true);
    expect(captured.records.map((r) => r.message)).toEqual(['hello', 'from a child', 'bad']);

    expect(log.setLevel(LogLevel.Debug).ok).toBe(true);
    log.debug('now at the level');
    await drain(4);
    expect(got[3]).toMatchObject({ level: LogLevel.Debug, msg: 'now at the level' });
    executor.shutdown();
  });

  it('a standalone logger of the same name publishes on that node, as rcl looks loggers up by name', async () => {
    const { executor, got, drain } = await withRosout();
    unwrap(executor.createNode('named'));
    getLogger('named').info('by name');
    getLogger('unrelated').info('nobody publishes this');
    await drain(1);
    await settle();
    executor.spinSome();
    expect(got.map((m) => m.msg)).toEqual(['by name']);
    executor.shutdown();
  });

  it('publishes nothing with enableRosout false or after the node is destroyed, and still prints', async () => {
    const { executor, got } = await withRosout();
    const off = unwrap(executor.createNode('off', { enableRosout: false }));
    off.getLogger().info('console only');
    const gone = unwrap(executor.createNode('gone'));
    const child = gone.getLogger().getChild('c');
    unwrap(gone.destroy());
    gone.getLogger().info('after destroy');
    child.info('child after destroy');
    await settle();
    executor.spinSome();
    expect(got).toEqual([]);
    expect(captured.records.map((r) => r.message)).toEqual(['console only', 'after destroy', 'child after destroy']);
    executor.shutdown();
  });
});
