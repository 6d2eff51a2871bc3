/**
 * `rclts action list [-t] | info <action> | send_goal <action> <type> <values> [--feedback]`,
 * printed as `ros2 action` prints them. An action is seen in the graph through its
 * `<action>/_action/send_goal` service: servers declare it, clients call it.
 */

import { ACTION_SUFFIX, GoalStatus, type RmwEndpointInfo } from '../../index.js';
import { type CliIo, ExitCode, interfaceDirs, intOption, type ParsedArgs } from './cli-args.js';
import { type CliSession, isCliNode, nodeFqn, openSession } from './cli-session.js';
import { DEFAULT_DISCOVERY_MS } from './cmd-graph.js';
import { messageFromValues, messageToYaml } from './message-values.js';
import { absolute, DEFAULT_TIMEOUT_MS, fail } from './remote-session.js';
import { TypeRegistry } from './type-registry.js';
import { parseValues } from './value-syntax.js';

/** `pkg/action/Name_SendGoal` -> `pkg/action/Name`. */
const actionType = (sendGoalType: string): string => sendGoalType.replace(/_SendGoal$/, '');

function sendGoalEndpoints(s: CliSession): ResultLike {
  const e = s.node.getEndpoints();
  if (!e.ok) return e.error.message;
  return e.value.filter((x) => !isCliNode(x.node.name) && x.name.endsWith(ACTION_SUFFIX.sendGoal));
}
type ResultLike = readonly RmwEndpointInfo[] | string;

export async function runAction(verb: string, args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  if (verb === 'send_goal') return sendGoal(args, io);
  const [target] = args.positionals;
  if (verb === 'info' && target === undefined) return fail(io, 'action info needs an action name', ExitCode.Misuse);
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  if (typeof wait === 'string') return fail(io, wait, ExitCode.Misuse);
  const opened = await openSession(args, io, wait);
  if (!opened.ok) return fail(io, opened.error.message);
  try {
    const found = sendGoalEndpoints(opened.value);
    if (typeof found === 'string') return fail(io, found);
    if (verb === 'list') {
      const showTypes = args.options.has('show-types');
      const actions = new Map<string, Set<string>>();
      for (const e of found) {
        const name = e.name.slice(0, -ACTION_SUFFIX.sendGoal.length);
        if (!actions.has(name)) actions.set(name, new Set());
        actions.get(name)?.add(actionType(e.typeName));
      }
      for (const [name, types] of [...actions].sort(([a], [b]) => a.localeCompare(b))) {
        io.out(showTypes ? `${name} [${[...types].join(', ')}]\n` : `${name}\n`);
      }
      return ExitCode.Ok;
    }
    const name = absolute(target as string);
    const mine = found.filter((e) => e.name === name + ACTION_SUFFIX.sendGoal);
    const section = (title: string, kind: string) => {
      const nodes = [...new Set(mine.filter((e) => e.kind === kind).map((e) => nodeFqn(e.node)))].sort();
      return `${title}: ${nodes.length}\n${nodes.map((n) => `    ${n}\n`).join('')}`;
    };
    io.out(`Action: ${name}\n${section('Action clients', 'client')}${section('Action servers', 'service')}`);
    return ExitCode.Ok;
  } finally {
    await opened.value.close();
  }
}

const STATUS_NAMES: Record<number, string> = {
  [GoalStatus.Succeeded]: 'SUCCEEDED',
  [GoalStatus.Canceled]: 'CANCELED',
  [GoalStatus.Aborted]: 'ABORTED',
  [GoalStatus.Unknown]: 'UNKNOWN',
};

async function sendGoal(args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [name, typeName, values] = args.positionals;
  if (name === undefined || typeName === undefined) {
    return fail(io, 'action send_goal needs an action name, its type and the goal', ExitCode.Misuse);
  }
  const registry = TypeRegistry.load(interfaceDirs(args));
  if (!registry.ok) return fail(io, registry.error.message);
  const found = registry.value.action(typeName);
  if (!found.ok) return fail(io, found.error.message);
  const { type, goal: goalDef, feedback: feedbackDef, result: resultDef } = found.value;
  const parsed = parseValues(values ?? '{}');
  if (!parsed.ok) return fail(io, `cannot read the values: ${parsed.error}`, ExitCode.Misuse);
  let goal: Record<string, unknown>;
  try {
    goal = messageFromValues(registry.value, goalDef, parsed.value, goalDef.typeName);
    type.Goal.encode(goal);
  } catch (e) {
    return fail(io, e instanceof Error ? e.message : String(e), ExitCode.Misuse);
  }
  const timeout = intOption(args, 'timeout-ms', DEFAULT_TIMEOUT_MS);
  if (typeof timeout === 'string') return fail(io, timeout, ExitCode.Misuse);
  const opened = await openSession(args, io, 0);
  if (!opened.ok) return fail(io, opened.error.message);
  const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join('\n');
  try {
    const client = opened.value.node.createActionClient(type, name);
    if (!client.ok) return fail(io, client.error.message, ExitCode.Misuse);
    io.out('Waiting for an action server to become available...\n');
    const ready = await client.value.waitForActionServer(timeout);
    if (!ready.ok) return fail(io, `action ${name} is not available: ${ready.error.message}`);
    io.out(`Sending goal:\n${indent(messageToYaml(registry.value, goalDef, goal))}\n\n`);
    const showFeedback = args.options.has('feedback');
    const sent = client.value.sendGoal(goal, {
      feedback: showFeedback
        ? (_g, f) => io.out(`Feedback:\n${indent(messageToYaml(registry.value, feedbackDef, f))}\n\n`)
        : undefined,
    });
    if (!sent.ok) return fail(io, sent.error.message);
    const accepted = await sent.value.acceptance.wait(timeout);
    if (!accepted.ok) return fail(io, accepted.error.message);
    const id = Buffer.from(sent.value.goalId).toString('hex');
    if (!accepted.value) {
      io.out('Goal was rejected.\n');
      return ExitCode.Failed;
    }
    io.out(`Goal accepted with ID: ${id}\n\n`);
    // The goal runs as long as it runs: its result is waited for without a limit of our own
    // beyond the client's result budget; Ctrl-C cancels it.
    let stopped = false;
    void io.stopRequested.then(() => {
      stopped = true;
    });
    const result = client.value.getResult(sent.value);
    if (!result.ok) return fail(io, result.error.message);
    const future = result.value;
    while (!future.isReady() && !stopped) await opened.value.node.executor.spinOnce(100);
    if (stopped && !future.isReady()) {
      const c = client.value.cancelGoal(sent.value);
      if (c.ok) await c.value.wait(timeout);
      io.out('Goal canceled.\n');
      return ExitCode.Failed;
    }
    const r = future.take();
    if (!r.ok) return fail(io, r.error.message);
    io.out(`Result:\n${indent(messageToYaml(registry.value, resultDef, r.value.result))}\n\n`);
    io.out(`Goal finished with status: ${STATUS_NAMES[r.value.code] ?? String(r.value.code)}\n`);
    return r.value.code === GoalStatus.Succeeded ? ExitCode.Ok : ExitCode.Failed;
  } finally {
    await opened.value.close();
  }
}
