/**
 * `rclts node list|info`, `topic list|info`, `service list|type`: what the graph (the
 * liveliness tokens of every rmw_zenoh peer) shows after the discovery budget.
 */

import type { RmwEndpointInfo } from '../../index.js';
import { type CliIo, ExitCode, intOption, type ParsedArgs } from './cli-args.js';
import { type CliSession, isCliNode, nodeFqn, openSession } from './cli-session.js';

export const DEFAULT_DISCOVERY_MS = 1500;

async function withSession(args: ParsedArgs, io: CliIo, body: (s: CliSession) => ExitCode): Promise<ExitCode> {
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  if (typeof wait === 'string') {
    io.err(`rclts: ${wait}\n`);
    return ExitCode.Misuse;
  }
  const session = await openSession(args, io, wait);
  if (!session.ok) {
    io.err(`rclts: ${session.error.message}\n`);
    return ExitCode.Failed;
  }
  try {
    return body(session.value);
  } finally {
    await session.value.close();
  }
}

function endpoints(s: CliSession, io: CliIo): readonly RmwEndpointInfo[] | undefined {
  const e = s.node.getEndpoints();
  if (!e.ok) {
    io.err(`rclts: ${e.error.message}\n`);
    return undefined;
  }
  return e.value.filter((x) => !isCliNode(x.node.name));
}

export function runGraphCommand(
  group: string,
  verb: string,
  args: ParsedArgs,
  io: CliIo,
): Promise<ExitCode> | ExitCode {
  const [target] = args.positionals;
  const showTypes = args.options.has('show-types');
  const kinds = group === 'topic' ? ['publisher', 'subscription'] : ['service'];
  if (verb === 'list') {
    return withSession(args, io, (s) => {
      const found = endpoints(s, io);
      if (found === undefined) return ExitCode.Failed;
      if (group === 'node') {
        const names = new Set(found.map((e) => nodeFqn(e.node)));
        const nodes = s.node.getNodeNames();
        if (nodes.ok) for (const n of nodes.value) if (!isCliNode(n.name)) names.add(nodeFqn(n));
        io.out(
          [...names]
            .sort()
            .map((n) => `${n}\n`)
            .join(''),
        );
        return ExitCode.Ok;
      }
      const byName = new Map<string, Set<string>>();
      for (const e of found) {
        if (!kinds.includes(e.kind)) continue;
        const types = byName.get(e.name) ?? new Set<string>();
        types.add(e.typeName);
        byName.set(e.name, types);
      }
      io.out(
        [...byName]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([n, t]) => (showTypes ? `${n} [${[...t].join(', ')}]\n` : `${n}\n`))
          .join(''),
      );
      return ExitCode.Ok;
    });
  }
  if (target === undefined) {
    io.err(`rclts: ${group} ${verb} needs a name\n`);
    return ExitCode.Misuse;
  }
  return withSession(args, io, (s) => {
    const found = endpoints(s, io);
    if (found === undefined) return ExitCode.Failed;
    if (group === 'node') {
      const mine = found.filter((e) => nodeFqn(e.node) === target);
      if (mine.length === 0) {
        io.err(`rclts: no node ${target} in the graph\n`);
        return ExitCode.Failed;
      }
      const section = (title: string, kind: string): string =>
        `  ${title}:\n${mine
          .filter((e) => e.kind === kind)
          .map((e) => `    ${e.name}: ${e.typeName}\n`)
          .join('')}`;
      io.out(
        `${target}\n${section('Subscribers', 'subscription')}${section('Publishers', 'publisher')}${section('Service Servers', 'service')}${section('Service Clients', 'client')}`,
      );
      return ExitCode.Ok;
    }
    const named = found.filter((e) => e.name === target && (kinds.includes(e.kind) || e.kind === 'client'));
    if (named.length === 0) {
      io.err(`rclts: no ${group} ${target} in the graph\n`);
      return ExitCode.Failed;
    }
    const types = [...new Set(named.map((e) => e.typeName))].join(', ');
    if (group === 'service') {
      io.out(`${types}\n`);
      return ExitCode.Ok;
    }
    const pubs = named.filter((e) => e.kind === 'publisher').length;
    const subs = named.filter((e) => e.kind === 'subscription').length;
    io.out(`Type: ${types}\nPublisher count: ${pubs}\nSubscription count: ${subs}\n`);
    return ExitCode.Ok;
  });
}
