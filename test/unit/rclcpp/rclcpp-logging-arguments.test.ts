/**
 * The logging flags of `--ros-args` given to a node: `--log-level level` sets the default,
 * `--log-level name:=level` one logger (process-wide, as rcl_logging_configure does), and
 * `--disable-rosout-logs` keeps the node off /rosout while its console output goes on.
 */
import { describe, expect, it } from 'vitest';
import { Executor, getLogger, LogLevel, QoS } from '../../../src/index.js';
import * as msgs from '../../../src/rclcpp/interfaces/generated/index.js';
import { main as loggingDemo } from '../../../examples/logging_demo.js';
import { settle, unwrap } from '../../support/executor-fixture.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

describe('--ros-args logging flags', () => {
  const captured = captureConsole();

  it('--log-level debug lowers the default; name:=level sets one logger and its children', async () => {
    const executor = unwrap(await Executor.create());
    const node = unwrap(
      executor.createNode('talker', {
        namespace: '/ns',
        arguments: ['--ros-args', '--log-level', 'debug', '--log-level', 'ns.talker.quiet:=ERROR'],
      }),
    );
    const log = node.getLogger();
    log.debug('seen');
    log.getChild('quiet').warn('hidden');
    log.getChild('quiet').getChild('deeper').error('shown');
    expect(captured.records.map((r) => r.message)).toEqual(['seen', 'shown']);
    expect(getLogger('elsewhere').getEffectiveLevel()).toBe(LogLevel.Debug);
    executor.shutdown();
  });

  it('a bad level is InvalidArgument naming it, and no node is made', async () => {
    const executor = unwrap(await Executor.create());
    const r = executor.createNode('bad', { arguments: ['--ros-args', '--log-level', 'loud'] });
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!r.ok) expect(r.error.message).toContain('loud');
    expect(getLogger('x').getEffectiveLevel()).toBe(LogLevel.Info);
    executor.shutdown();
  });

  it('--disable-rosout-logs: nothing on /rosout, the console still written; --enable-rosout-logs after it wins', async () => {
    const executor = unwrap(await Executor.create());
    const got: msgs.rcl_interfaces.msg.Log[] = [];
    const listener = unwrap(executor.createNode('listener', { enableRosout: false }));
    unwrap(listener.createSubscription(msgs.rcl_interfaces.msg.Log, '/rosout', (m) => void got.push(m), QoS.rosout()));
    const off = unwrap(executor.createNode('off', { arguments: ['--ros-args', '--disable-rosout-logs'] }));
    const on = unwrap(
      executor.createNode('on', { arguments: ['--ros-args', '--disable-rosout-logs', '--enable-rosout-logs'] }),
    );
    off.getLogger().info('console only');
    on.getLogger().info('both');
    unwrap(await executor.spinUntil(() => got.length >= 1, 2000));
    await settle();
    executor.spinSome();
    // Transient local: records of earlier tests' nodes on the process's bus may arrive too.
    expect(got.filter((m) => m.name === 'on' || m.name === 'off').map((m) => [m.name, m.msg])).toEqual([
      ['on', 'both'],
    ]);
    expect(captured.records.map((r) => r.message)).toEqual(['console only', 'both']);
    executor.shutdown();
  });

  it('examples/logging_demo --ros-args --log-level debug writes the debug records too', async () => {
    const lines: string[] = [];
    const code = await loggingDemo(['--count', '2', '--period-ms', '5', '--ros-args', '--log-level', 'debug'], (l) =>
      lines.push(l),
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(lines.filter((l) => l.startsWith('[DEBUG]'))).toHaveLength(2);
  });
});
