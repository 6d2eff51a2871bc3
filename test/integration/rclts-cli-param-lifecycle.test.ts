// `rclts param` and `rclts lifecycle` against an rclts node on the shared router, each command
// in its own OS process, as `ros2 param` / `ros2 lifecycle` are used.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Executor, LifecycleNode } from '../../src/index.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NS = `/cli_params_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let spinning: Promise<unknown>;

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--router', inject('zenohLocator'), '--timeout-ms', '20000'],
      { timeout: 90_000 },
      (error, out, err) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

beforeAll(async () => {
  const created = await Executor.create({ router: inject('zenohLocator') });
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  const node = executor.createNode('talker', { namespace: NS });
  if (!node.ok) throw new Error(node.error.message);
  for (const d of [
    node.value.declareParameter('rate', 10n, { integerRange: { from: 1n, to: 50n } }),
    node.value.declareParameter('greeting', 'hello world'),
    node.value.declareParameter('gains', [0.5, 2]),
  ]) {
    if (!d.ok) throw new Error(d.error.message);
  }
  const lc = LifecycleNode.create(executor, 'managed', { namespace: NS });
  if (!lc.ok) throw new Error(lc.error.message);
  spinning = executor.spin();
}, 60_000);

afterAll(async () => {
  executor.cancel();
  await spinning;
  await executor.shutdown();
});

describe('rclts param and lifecycle through the router', () => {
  it('param list, get, set (accepted and refused) and dump', async () => {
    const listed = await rclts('param', 'list', `${NS}/talker`);
    expect(listed.code).toBe(0);
    // use_sim_time: every ros node declares it, as ros2 param list shows it for an rclcpp node.
    expect(listed.out).toBe('  gains\n  greeting\n  rate\n  use_sim_time\n');
    const got = await rclts('param', 'get', `${NS}/talker`, 'rate');
    expect(got.out).toBe('Integer value is: 10\n');
    const set = await rclts('param', 'set', `${NS}/talker`, 'rate', '20');
    expect(set.out).toBe('Set parameter successful\n');
    const refused = await rclts('param', 'set', `${NS}/talker`, 'rate', '99');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Setting parameter failed');
    expect(refused.out).toContain('integer range');
    const dumped = await rclts('param', 'dump', `${NS}/talker`);
    expect(dumped.out).toBe(
      `${NS}/talker:\n  ros__parameters:\n    gains: [0.5, 2.0]\n    greeting: hello world\n    rate: 20\n    use_sim_time: false\n`,
    );
  }, 300_000);

  it('lifecycle get, list and set', async () => {
    const fqn = `${NS}/managed`;
    expect((await rclts('lifecycle', 'get', fqn)).out).toBe('unconfigured [1]\n');
    const listed = await rclts('lifecycle', 'list', fqn);
    expect(listed.out).toContain('- configure [1]\n\tStart: unconfigured\n\tGoal: configuring\n');
    expect((await rclts('lifecycle', 'set', fqn, 'configure')).out).toBe('Transitioning successful\n');
    expect((await rclts('lifecycle', 'set', fqn, '3')).out).toBe('Transitioning successful\n');
    expect((await rclts('lifecycle', 'get', fqn)).out).toBe('active [3]\n');
    const refused = await rclts('lifecycle', 'set', fqn, 'configure');
    expect(refused.code).toBe(1);
  }, 300_000);
});
