/**
 * `rclts node list|info`, `topic list|info`, `service list|type`: what the graph (the
 * liveliness tokens of every rmw_zenoh peer) shows after the discovery budget.
 */

import { ACTION_SUFFIX, type RmwEndpointInfo } from '../../index.js';
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

/** ros2cli's hidden names: a part of the name starts with `_` (`/fibonacci/_action/status`). */
const isHidden = (name: string): boolean => name.split('/').some((part) => part.startsWith('_'));

const FEEDBACK = ACTION_SUFFIX.feedback;

/**
 * `ros2 node info` as ros2node/verb/info.py prints it: hidden names left out of every section
 * (which drops an action's `_action/` services and topics), and the actions in their own
 * sections, found as rcl_action finds them: a server publishes `<action>/_action/feedback`, a
 * client subscribes to it.
 */
function nodeInfo(target: string, mine: readonly RmwEndpointInfo[], includeHidden: boolean): string {
  const section = (title: string, entries: ReadonlyArray<readonly [string, string]>): string => {
    const byName = new Map<string, string[]>();
    for (const [name, type] of entries) {
      if (!includeHidden && isHidden(name)) continue;
      const types = byName.get(name) ?? [];
      if (!types.includes(type)) types.push(type);
      byName.set(name, types);
    }
    const lines = [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `  ${title}:\n${lines.map(([name, types]) => `    ${name}: ${types.join(', ')}\n`).join('')}`;
  };
  const of = (kind: string) => mine.filter((e) => e.kind === kind).map((e) => [e.name, e.typeName] as const);
  const actions = (kind: string) =>
    mine
      .filter((e) => e.kind === kind && e.name.endsWith(FEEDBACK) && e.typeName.endsWith('_FeedbackMessage'))
      .map((e) => [e.name.slice(0, -FEEDBACK.length), e.typeName.slice(0, -'_FeedbackMessage'.length)] as const);
  return (
    `${target}\n${section('Subscribers', of('subscription'))}${section('Publishers', of('publisher'))}` +
    `${section('Service Servers', of('service'))}${section('Service Clients', of('client'))}` +
    `${section('Action Servers', actions('publisher'))}${section('Action Clients', actions('subscription'))}`
  );
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
      io.out(nodeInfo(target, mine, args.options.has('include-hidden')));
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
