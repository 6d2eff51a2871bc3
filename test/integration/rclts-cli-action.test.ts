// `rclts action list|info|send_goal` against an rclts Fibonacci server on the shared router,
// each command in its own OS process, as `ros2 action` is used.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ActionType,
  CancelResponse,
  Executor,
  example_interfaces,
  GoalResponse,
  type Node,
  type ServerGoalHandle,
} from '../../src/index.js';
import { readPackage } from '../../src/interface-compiler/load-files.js';
import { generateFixture } from '../support/generate-fixture.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NS = `/cli_action_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let node: Node;
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
  const made = executor.createNode('fib_server', { namespace: NS });
  if (!made.ok) throw new Error(made.error.message);
  node = made.value;
  const goals: Handle[] = [];
  const server = node.createActionServer(example_interfaces.action.Fibonacci, 'fibonacci', {
    goal: (_id, g) => (g.order < 0 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute),
    cancel: () => CancelResponse.Accept,
    accepted: (h) => {
      goals.push(h);
    },
  });
  if (!server.ok) throw new Error(server.error.message);
  const timer = node.createWallTimer(20, () => {
    for (const h of goals.filter((g) => g.isActive())) {
      const seq = [0, 1];
      for (let i = 1; i < h.goal.order; i++) seq.push((seq.at(-1) as number) + (seq.at(-2) as number));
      h.publishFeedback({ sequence: seq.slice(0, 2) });
      h.succeed({ sequence: seq });
    }
  });
  if (!timer.ok) throw new Error(timer.error.message);
  const client = executor.createNode('fib_client', { namespace: NS });
  if (!client.ok) throw new Error(client.error.message);
  const c = client.value.createActionClient(example_interfaces.action.Fibonacci, 'fibonacci');
  if (!c.ok) throw new Error(c.error.message);
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
    expect(info.out).toBe(
      `Action: ${NS}/fibonacci\nAction clients: 1\n    ${NS}/fib_client\nAction servers: 1\n    ${NS}/fib_server\n`,
    );
  }, 120_000);

  it('node info lists actions under Action Servers / Action Clients and hides their _action endpoints', async () => {
    const server = await rclts('node', 'info', `${NS}/fib_server`);
    expect(server.code).toBe(0);
    expect(server.out).toContain(`  Action Servers:\n    ${NS}/fibonacci: example_interfaces/action/Fibonacci\n`);
    expect(server.out).toMatch(/ {2}Action Clients:\n$/);
    expect(server.out).not.toContain('/_action/');
    const client = await rclts('node', 'info', `${NS}/fib_client`);
    expect(client.code).toBe(0);
    expect(client.out).toContain(
      `  Action Servers:\n  Action Clients:\n    ${NS}/fibonacci: example_interfaces/action/Fibonacci\n`,
    );
    expect(client.out).not.toContain('/_action/');
    const hidden = await rclts('node', 'info', `${NS}/fib_server`, '--include-hidden');
    expect(hidden.out).toContain(
      `    ${NS}/fibonacci/_action/send_goal: example_interfaces/action/Fibonacci_SendGoal\n`,
    );
  }, 120_000);

  it('action send_goal --interfaces sends a goal of the user’s own action type', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rclts-cli-action-')), 'my_robot_actions');
    mkdirSync(join(dir, 'action'), { recursive: true });
    writeFileSync(join(dir, 'action', 'Count.action'), 'int32 target\n---\nint32 reached\n---\nint32 at\n');
    // the server uses generated code; the command makes the type from the definition
    const { dir: gen } = generateFixture(readPackage(dir));
    const mod = (await import(pathToFileURL(join(gen, 'my_robot_actions', 'index.ts')).href)) as {
      action: { Count: ActionType<{ target: number }, { reached: number }, { at: number }> };
    };
    const server = node.createActionServer(mod.action.Count, 'count', {
      goal: () => GoalResponse.AcceptAndExecute,
      cancel: () => CancelResponse.Reject,
      accepted: (h) => {
        h.succeed({ reached: h.goal.target * 2 });
      },
    });
    if (!server.ok) throw new Error(server.error.message);
    const sent = await rclts(
      'action',
      'send_goal',
      `${NS}/count`,
      'my_robot_actions/action/Count',
      '{target: 21}',
      '--interfaces',
      dir,
    );
    expect(sent.err).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.out).toContain('Sending goal:\n    target: 21\n');
    expect(sent.out).toContain('Result:\n    reached: 42\n');
    expect(sent.out).toContain('Goal finished with status: SUCCEEDED\n');
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
