/**
 * `rclts topic echo|pub|hz` and `rclts service call`, on the bundled types. echo and hz find
 * the type from the graph when it is not given; pub and call take the value syntax of ros2
 * (`"{linear: {x: 1.0}}"`).
 */

import { err, type ResultOf } from '../../index.js';
import { type CliIo, ExitCode, interfaceDirs, intOption, numberOption, type ParsedArgs } from './cli-args.js';
import { qosFromOptions } from './cli-qos.js';
import { type CliSession, graphType, openSession } from './cli-session.js';
import { DEFAULT_DISCOVERY_MS } from './cmd-graph.js';
import { echoPrinter } from './echo-field.js';
import { messageFromValues, messageToYaml } from './message-values.js';
import { TypeRegistry } from './type-registry.js';
import { parseValues } from './value-syntax.js';

function fail(io: CliIo, message: string, code: ExitCode = ExitCode.Failed): ExitCode {
  io.err(`rclts: ${message}\n`);
  return code;
}

async function session(args: ParsedArgs, io: CliIo): Promise<ResultOf<CliSession>> {
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  if (typeof wait === 'string') return err('InvalidArgument', wait);
  return openSession(args, io, wait);
}

export async function runTopicIo(verb: 'echo' | 'pub' | 'hz', args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [topic, typeArg, values] = args.positionals;
  if (topic === undefined) return fail(io, `topic ${verb} needs a topic name`, ExitCode.Misuse);
  if (verb === 'pub' && typeArg === undefined)
    return fail(io, 'topic pub needs a topic, a type and values', ExitCode.Misuse);
  const registry = TypeRegistry.load(interfaceDirs(args));
  if (!registry.ok) return fail(io, registry.error.message);
  const opened = await session(args, io);
  if (!opened.ok)
    return fail(io, opened.error.message, opened.error.name === 'InvalidArgument' ? ExitCode.Misuse : ExitCode.Failed);
  const s = opened.value;
  try {
    const resolved = s.node.resolveName(topic);
    let name: string;
    if (typeArg !== undefined) name = typeArg;
    else {
      const t = resolved.ok ? resolved.value : topic;
      const g = graphType(s, t, ['publisher', 'subscription'], `rclts topic echo ${t} pkg/msg/Type`);
      if (!g.ok) return fail(io, g.error.message);
      name = g.value;
    }
    const found = registry.value.message(name);
    if (!found.ok) return fail(io, found.error.message);
    const { type, struct } = found.value;
    const qos = qosFromOptions(args);
    if (!qos.ok) return fail(io, qos.error.message, ExitCode.Misuse);
    const field = args.options.get('field');
    const printer = echoPrinter(registry.value, struct, typeof field === 'string' ? field : undefined);
    if (!printer.ok) return fail(io, printer.error.message, ExitCode.Misuse);
    if (verb === 'pub') {
      const parsed = parseValues(values ?? '{}');
      if (!parsed.ok) return fail(io, `cannot read the values: ${parsed.error}`, ExitCode.Misuse);
      let message: Record<string, unknown>;
      try {
        message = messageFromValues(registry.value, struct, parsed.value, struct.typeName);
        type.encode(message); // bounds and ranges refused here, as a usage error
      } catch (e) {
        return fail(io, e instanceof Error ? e.message : String(e), ExitCode.Misuse);
      }
      const times = args.options.has('once') ? 1 : intOption(args, 'times', 0);
      const rate = numberOption(args, 'rate', 1);
      if (typeof times === 'string' || typeof rate === 'string')
        return fail(io, String(typeof times === 'string' ? times : rate), ExitCode.Misuse);
      const pub = s.node.createPublisher(type, topic, qos.value);
      if (!pub.ok) return fail(io, pub.error.message);
      io.err(`publisher: beginning loop\n`);
      const stop = { now: false };
      void io.stopRequested.then(() => {
        stop.now = true;
        s.executor.cancel();
      });
      for (let i = 0; times === 0 || i < times; i++) {
        const sent = pub.value.publish(message);
        if (!sent.ok) return fail(io, sent.error.message);
        io.out(
          `publishing #${i + 1}: ${JSON.stringify(message, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}\n\n`,
        );
        if (stop.now || (times !== 0 && i + 1 >= times)) break;
        await s.executor.spinFor(1000 / rate);
        if (stop.now) break;
      }
      await s.executor.spinFor(Math.min(500, 1000 / rate)); // let the last sample leave
      return ExitCode.Ok;
    }
    const count = args.options.has('once') ? 1 : intOption(args, 'count', 0);
    const timeout = intOption(args, 'timeout-ms', 0);
    const window = intOption(args, 'window-ms', 0);
    if (typeof count === 'string' || typeof timeout === 'string' || typeof window === 'string') {
      return fail(io, String([count, timeout, window].find((x) => typeof x === 'string')), ExitCode.Misuse);
    }
    let received = 0;
    const stamps: number[] = [];
    // A sample that does not decode never reaches the handler: the executor reports it as an
    // event, which says the topic, the type and the decoder's message.
    const undecodable: string[] = [];
    s.executor.onEvent((e) => {
      if (e.type !== 'decode_error') return;
      if (undecodable.length === 0) io.err(`rclts: ${e.message}\n`);
      undecodable.push(e.message);
    });
    const sub = s.node.createSubscription(
      type,
      topic,
      (m) => {
        received++;
        if (verb === 'echo') io.out(`${printer.value(m).join('\n')}\n---\n`);
        else stamps.push(performance.now());
        if (count !== 0 && received >= count) s.executor.cancel();
      },
      qos.value,
    );
    if (!sub.ok) return fail(io, sub.error.message);
    const stop = { now: false };
    void io.stopRequested.then(() => {
      stop.now = true;
      s.executor.cancel();
    });
    const started = performance.now();
    let lastReport = started;
    const deadline = timeout === 0 ? Number.POSITIVE_INFINITY : started + timeout;
    while (!(count !== 0 && received >= count) && performance.now() < deadline) {
      const slice = Math.min(200, deadline - performance.now());
      const spun = await s.executor.spinFor(slice);
      if (!spun.ok) break;
      if (verb === 'hz' && performance.now() - lastReport >= 1000) {
        lastReport = performance.now();
        reportRate(io, stamps, window);
      }
      if (stop.now || s.executor.isShutdown()) break;
    }
    if (verb === 'hz') reportRate(io, stamps, window);
    if (received === 0 && undecodable.length > 0) {
      const within = timeout !== 0 ? ` within ${timeout}ms` : '';
      return fail(
        io,
        `${undecodable.length} sample(s) on ${topic} did not decode as ${struct.typeName}, none did${within}`,
      );
    }
    if (received === 0 && timeout !== 0) return fail(io, `no message on ${topic} within ${timeout}ms`);
    return ExitCode.Ok;
  } finally {
    await s.close();
  }
}

/** ros2 topic hz's figures over the last `window` messages (all of them when 0). */
function reportRate(io: CliIo, stamps: number[], window: number): void {
  const t = window > 0 ? stamps.slice(-window) : stamps;
  if (t.length < 2) {
    io.out('no new messages\n');
    return;
  }
  const gaps = t.slice(1).map((x, i) => (x - t[i]!) / 1000);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / gaps.length);
  io.out(
    `average rate: ${(1 / mean).toFixed(3)}\n\tmin: ${Math.min(...gaps).toFixed(3)}s max: ${Math.max(...gaps).toFixed(3)}s std dev: ${sd.toFixed(5)}s window: ${t.length}\n`,
  );
}

export async function runServiceCall(args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [name, typeName, values] = args.positionals;
  if (name === undefined || typeName === undefined)
    return fail(io, 'service call needs a service name and its type', ExitCode.Misuse);
  const registry = TypeRegistry.load(interfaceDirs(args));
  if (!registry.ok) return fail(io, registry.error.message);
  const found = registry.value.service(typeName);
  if (!found.ok) return fail(io, found.error.message);
  const parsed = parseValues(values ?? '{}');
  if (!parsed.ok) return fail(io, `cannot read the values: ${parsed.error}`, ExitCode.Misuse);
  let request: Record<string, unknown>;
  try {
    request = messageFromValues(registry.value, found.value.request, parsed.value, found.value.request.typeName);
    found.value.type.Request.encode(request);
  } catch (e) {
    return fail(io, e instanceof Error ? e.message : String(e), ExitCode.Misuse);
  }
  const timeout = intOption(args, 'timeout-ms', 5000);
  if (typeof timeout === 'string') return fail(io, timeout, ExitCode.Misuse);
  const opened = await session(args, io);
  if (!opened.ok) return fail(io, opened.error.message);
  const s = opened.value;
  try {
    const client = s.node.createPollClient(found.value.type, name);
    if (!client.ok) return fail(io, client.error.message);
    const ready = await client.value.waitForService(timeout);
    if (!ready.ok) return fail(io, `service ${name} is not available: ${ready.error.message}`);
    io.out(
      `requester: making request: ${JSON.stringify(request, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}\n\n`,
    );
    const reply = await client.value.call(request, timeout);
    if (!reply.ok) return fail(io, reply.error.message);
    io.out(`response:\n${messageToYaml(registry.value, found.value.response, reply.value).join('\n')}\n`);
    return ExitCode.Ok;
  } finally {
    await s.close();
  }
}
