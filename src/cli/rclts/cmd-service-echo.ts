/**
 * `rclts service echo <service> [type]`: the service_msgs events that introspection publishes on
 * `<service>/_service_event` (services and clients with configureIntrospection on), printed as
 * ros2service's echo prints them: the Event message as YAML with `info.event_type` by its
 * constant's name, then `---`. The type comes from the graph when not given.
 */

import { QoS, SERVICE_EVENT_SUFFIX } from '../../index.js';
import { type CliIo, ExitCode, interfaceDirs, intOption, type ParsedArgs } from './cli-args.js';
import { graphType, openSession } from './cli-session.js';
import { DEFAULT_DISCOVERY_MS } from './cmd-graph.js';
import { messageToYaml } from './message-values.js';
import { TypeRegistry } from './type-registry.js';

/** service_msgs/msg/ServiceEventInfo's constants by number, as echo.py names them. */
const EVENT_NAMES = ['REQUEST_SENT', 'REQUEST_RECEIVED', 'RESPONSE_SENT', 'RESPONSE_RECEIVED'] as const;

function fail(io: CliIo, message: string, code: ExitCode = ExitCode.Failed): ExitCode {
  io.err(`rclts: ${message}\n`);
  return code;
}

/** The YAML lines of one event, `info.event_type` replaced by its name. */
export function eventLines(lines: readonly string[]): string[] {
  return lines.map((line, i) => {
    const m = i === 1 ? /^ {2}event_type: (\d+)$/.exec(line) : null;
    const name = m === null ? undefined : EVENT_NAMES[Number(m[1])];
    return name === undefined ? line : `  event_type: ${name}`;
  });
}

export async function runServiceEcho(args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [service, typeArg] = args.positionals;
  if (service === undefined) return fail(io, 'service echo needs a service name', ExitCode.Misuse);
  const count = args.options.has('once') ? 1 : intOption(args, 'count', 0);
  const timeout = intOption(args, 'timeout-ms', 0);
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  for (const v of [count, timeout, wait]) if (typeof v === 'string') return fail(io, v, ExitCode.Misuse);
  const registry = TypeRegistry.load(interfaceDirs(args));
  if (!registry.ok) return fail(io, registry.error.message);
  const opened = await openSession(args, io, wait as number);
  if (!opened.ok) return fail(io, opened.error.message);
  const s = opened.value;
  try {
    const resolved = s.node.resolveName(service);
    if (!resolved.ok) return fail(io, resolved.error.message, ExitCode.Misuse);
    let typeName = typeArg;
    if (typeName === undefined) {
      const g = graphType(
        s,
        resolved.value,
        ['service', 'client'],
        `rclts service echo ${resolved.value} pkg/srv/Type`,
      );
      if (!g.ok) return fail(io, g.error.message);
      typeName = g.value;
    }
    const found = registry.value.service(typeName);
    if (!found.ok) return fail(io, found.error.message);
    const event = registry.value.message(`${found.value.type.typeName}_Event`);
    if (!event.ok) return fail(io, event.error.message);
    const topic = `${resolved.value}${SERVICE_EVENT_SUFFIX}`;
    let received = 0;
    const sub = s.node.createSubscription(
      event.value.type,
      topic,
      (m) => {
        received++;
        io.out(`${eventLines(messageToYaml(registry.value, event.value.struct, m)).join('\n')}\n---\n`);
        if (count !== 0 && received >= (count as number)) s.executor.cancel();
      },
      QoS.services(), // as ros2 service echo subscribes
    );
    if (!sub.ok) return fail(io, sub.error.message);
    const publishers = s.node.countPublishers(topic);
    if (publishers.ok && publishers.value === 0) {
      io.err(`No publishers on topic '${topic}'; is service introspection on the client or server enabled?\n`);
    }
    const stop = { now: false };
    void io.stopRequested.then(() => {
      stop.now = true;
      s.executor.cancel();
    });
    const deadline = timeout === 0 ? Number.POSITIVE_INFINITY : performance.now() + (timeout as number);
    while (!(count !== 0 && received >= (count as number)) && performance.now() < deadline) {
      const spun = await s.executor.spinFor(Math.min(200, deadline - performance.now()));
      if (!spun.ok || stop.now || s.executor.isShutdown()) break;
    }
    if (received === 0 && timeout !== 0) return fail(io, `no service event on ${topic} within ${timeout}ms`);
    return ExitCode.Ok;
  } finally {
    await s.close();
  }
}
