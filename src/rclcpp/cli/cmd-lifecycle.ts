/** `rclts lifecycle get|set|list`: another node's lifecycle through its services, as `ros2 lifecycle` prints it. */

import { LifecycleClient } from '../lifecycle/lifecycle-client.js';
import { type CliIo, ExitCode, intOption, type ParsedArgs } from './cli-args.js';
import { openSession } from './cli-session.js';

const DEFAULT_TIMEOUT_MS = 5000;

function fail(io: CliIo, message: string, code: ExitCode = ExitCode.Failed): ExitCode {
  io.err(`rclts: ${message}\n`);
  return code;
}

export async function runLifecycle(verb: string, args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [target, transition] = args.positionals;
  if (target === undefined) return fail(io, `lifecycle ${verb} needs a node name`, ExitCode.Misuse);
  if (verb === 'set' && transition === undefined) {
    return fail(io, 'lifecycle set needs a node and a transition (label or id)', ExitCode.Misuse);
  }
  const timeout = intOption(args, 'timeout-ms', DEFAULT_TIMEOUT_MS);
  if (typeof timeout === 'string') return fail(io, timeout, ExitCode.Misuse);
  const opened = await openSession(args, io, 0);
  if (!opened.ok) return fail(io, opened.error.message);
  try {
    const fqn = target.startsWith('/') ? target : `/${target}`;
    const client = LifecycleClient.create(opened.value.node, fqn);
    if (!client.ok) return fail(io, client.error.message, ExitCode.Misuse);
    const ready = await client.value.waitForService(timeout);
    if (!ready.ok) return fail(io, `node ${fqn} answers no lifecycle services: ${ready.error.message}`);
    if (verb === 'get') {
      const s = await client.value.getState(timeout);
      if (!s.ok) return fail(io, s.error.message);
      io.out(`${s.value.label} [${s.value.id}]\n`);
      return ExitCode.Ok;
    }
    if (verb === 'list') {
      const t = await client.value.getAvailableTransitions(timeout);
      if (!t.ok) return fail(io, t.error.message);
      for (const d of t.value) {
        io.out(`- ${d.transition.label} [${d.transition.id}]\n\tStart: ${d.start.label}\n\tGoal: ${d.goal.label}\n`);
      }
      return ExitCode.Ok;
    }
    const byId = /^\d+$/.test(transition ?? '') ? Number(transition) : (transition as string);
    const r = await client.value.changeState(byId, timeout);
    if (r.ok) {
      io.out('Transitioning successful\n');
      return ExitCode.Ok;
    }
    io.out(`Transitioning failed: ${r.error.message}\n`);
    return ExitCode.Failed;
  } finally {
    await opened.value.close();
  }
}
