/** `rclts lifecycle get|set|list`: another node's lifecycle through its services, as `ros2 lifecycle` prints it. */

import { LifecycleClient, type Node } from '../../index.js';
import { type CliIo, ExitCode, type ParsedArgs } from './cli-args.js';
import { fail, withRemote } from './remote-session.js';

export function runLifecycle(verb: string, args: ParsedArgs, io: CliIo): Promise<ExitCode> | ExitCode {
  const [target, transition] = args.positionals;
  if (target === undefined) return fail(io, `lifecycle ${verb} needs a node name`, ExitCode.Misuse);
  if (verb === 'set' && transition === undefined) {
    return fail(io, 'lifecycle set needs a node and a transition (label or id)', ExitCode.Misuse);
  }
  const make = (node: Node, fqn: string) => LifecycleClient.create(node, fqn);
  return withRemote(args, io, target, 'lifecycle services', make, async (client, timeout) => {
    if (verb === 'get') {
      const s = await client.getState(timeout);
      if (!s.ok) return fail(io, s.error.message);
      io.out(`${s.value.label} [${s.value.id}]\n`);
      return ExitCode.Ok;
    }
    if (verb === 'list') {
      const t = await client.getAvailableTransitions(timeout);
      if (!t.ok) return fail(io, t.error.message);
      for (const d of t.value) {
        io.out(`- ${d.transition.label} [${d.transition.id}]\n\tStart: ${d.start.label}\n\tGoal: ${d.goal.label}\n`);
      }
      return ExitCode.Ok;
    }
    const byId = /^\d+$/.test(transition ?? '') ? Number(transition) : (transition as string);
    const r = await client.changeState(byId, timeout);
    if (r.ok) {
      io.out('Transitioning successful\n');
      return ExitCode.Ok;
    }
    io.out(`Transitioning failed: ${r.error.message}\n`);
    return ExitCode.Failed;
  });
}
