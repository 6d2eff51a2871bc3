/**
 * Echoes any topic by its type name, as `ros2 topic echo` does: the type is looked up at run time
 * in the bundled packages and in the package folders given after it (a `.msg` of your own needs
 * no generated code). Prints each message as JSON, or its CDR bytes in hex with `--raw 1`.
 *   npx tsx examples/echo_any_topic.ts <topic> <pkg/msg/Type> [interface folders...]
 *       [--raw 1] [--count 10] [--budget-ms 60000] [--router ws/127.0.0.1:10000]
 */
import {
  Executor,
  type GenericMessage,
  type Node,
  type ResultOf,
  type SubscriptionHandle,
  TypeRegistry,
} from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

/** JSON with what JSON lacks: bigint as a number text, typed arrays as arrays. */
export function messageJson(message: GenericMessage): string {
  return JSON.stringify(message, (_key, value: unknown) => {
    if (typeof value === 'bigint') return value.toString();
    if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>, String);
    return value;
  });
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

function subscribe(
  node: Node,
  registry: TypeRegistry,
  type: string,
  topic: string,
  raw: boolean,
  log: Log,
  heard: () => void,
): ResultOf<SubscriptionHandle> {
  if (raw) {
    return node.createGenericSubscription(
      type,
      topic,
      (bytes) => {
        log(hex(bytes));
        heard();
      },
      undefined,
      { raw: true, registry },
    );
  }
  return node.createGenericSubscription(
    type,
    topic,
    (message) => {
      log(messageJson(message));
      heard();
    },
    undefined,
    { registry },
  );
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 10, { 'budget-ms': 60_000, raw: 0 });
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const [topic, type, ...directories] = args.positionals;
  if (topic === undefined || type === undefined) {
    log('usage: echo_any_topic <topic> <pkg/msg/Type> [interface folders...] [--raw 1] [--count N]');
    return 2;
  }
  // Only a folder of your own needs the definitions read; the bundled types are always there.
  const registry =
    directories.length === 0
      ? { ok: true as const, value: TypeRegistry.bundled() }
      : TypeRegistry.load({ directories });
  if (!registry.ok) {
    log(registry.error.message);
    return 2;
  }
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  let heard = 0;
  const node = executor.createNode('echo_any_topic');
  const onHeard = (): void => {
    if (++heard >= args.count) executor.cancel();
  };
  const subscribed = node.ok
    ? subscribe(node.value, registry.value, type, topic, args.numbers.raw === 1, log, onHeard)
    : node;
  if (!subscribed.ok) {
    log(subscribed.error.message);
    await executor.shutdown();
    return 1;
  }
  const budget = args.numbers['budget-ms'] ?? 60_000;
  await executor.spinFor(budget);
  await executor.shutdown();
  if (heard < args.count) {
    log(`heard ${heard} of ${args.count} messages within ${budget} ms`);
    return 1;
  }
  return 0;
}

runIfMain(import.meta.url, main);
