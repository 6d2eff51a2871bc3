// `rclts action list|info|send_goal` against an rclts Fibonacci server on the shared router,
// each command in its own OS process, as `ros2 action` is used.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CancelResponse, Executor, example_interfaces, GoalResponse, type ServerGoalHandle } from '../../src/index.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NS = `/cli_action_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let spinning: Promise<unknown>;

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--router', inject('zenohLocator'), '--timeout-ms', '20000', '--wait-ms', '3000'],
      { timeout: 90_000 },
      (error, out, err) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

type Handle = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

beforeAll(async () => {
  const created = await Executor.create({ router: inject('zenohLocator') });
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  const node = executor.createNode('fib_server', { namespace: NS });
  if (!node.ok) throw new Error(node.error.message);
  const goals: Handle[] = [];
  const server = node.value.createActionServer(example_interfaces.action.Fibonacci, 'fibonacci', {
    goal: (_id, g) => (g.order < 0 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute),
    cancel: () => CancelResponse.Accept,
    accepted: (h) => {
      goals.push(h);
    },
  });
  if (!server.ok) throw new Error(server.error.message);
  const timer = node.value.createWallTimer(20, () => {
    for (const h of goals.filter((g) => g.isActive())) {
      const seq = [0, 1];
      for (let i = 1; i < h.goal.order; i++) seq.push((seq.at(-1) as number) + (seq.at(-2) as number));
      h.publishFeedback({ sequence: seq.slice(0, 2) });
      h.succeed({ sequence: seq });
    }
  });
  if (!timer.ok) throw new Error(timer.error.message);
  spinning = executor.spin();
}, 60_000);

afterAll(async () => {
  executor.cancel();
  await spinning;
  await executor.shutdown();
});

describe('rclts action through the router', () => {
  it('action list -t and info show the server', async () => {
    const listed = await rclts('action', 'list', '-t');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${NS}/fibonacci [example_interfaces/action/Fibonacci]\n`);
    const info = await rclts('action', 'info', `${NS}/fibonacci`);
    expect(info.code).toBe(0);
    expect(info.out).toBe(`Action: ${NS}/fibonacci\nAction clients: 0\nAction servers: 1\n    ${NS}/fib_server\n`);
  }, 120_000);

  it('action send_goal prints the acceptance and the result; a rejected goal exits 1', async () => {
    const sent = await rclts(
      'action',
      'send_goal',
      `${NS}/fibonacci`,
      'example_interfaces/action/Fibonacci',
      '{order: 5}',
    );
    expect(sent.err).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.out).toContain('Sending goal:\n    order: 5\n');
    expect(sent.out).toMatch(/Goal accepted with ID: [0-9a-f]{32}\n/);
    expect(sent.out).toContain('Result:\n    sequence:\n    - 0\n    - 1\n    - 1\n    - 2\n    - 3\n    - 5\n');
    expect(sent.out).toContain('Goal finished with status: SUCCEEDED\n');
    const refused = await rclts(
      'action',
      'send_goal',
      `${NS}/fibonacci`,
      'example_interfaces/action/Fibonacci',
      '{order: -1}',
    );
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Goal was rejected.\n');
    const bad = await rclts('action', 'send_goal', `${NS}/fibonacci`, 'example_interfaces/action/Nope', '{}');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("unknown action type 'example_interfaces/action/Nope'");
  }, 180_000);
});
