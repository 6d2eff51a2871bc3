/**
 * The ROS demo client: asks `add_two_ints` for A + B and prints the sum.
 *   npx tsx examples/add_two_ints_client.ts [A] [B] [--budget-ms 10000] [--router ws/127.0.0.1:10000]
 */
import { Executor, example_interfaces } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

function toInt64(text: string | undefined, fallback: bigint): bigint | undefined {
  if (text === undefined) return fallback;
  try {
    return BigInt(text);
  } catch {
    return undefined;
  }
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 1, { 'budget-ms': 10_000 });
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const a = toInt64(args.positionals[0], 2n);
  const b = toInt64(args.positionals[1], 3n);
  if (a === undefined || b === undefined) {
    log('usage: add_two_ints_client [A] [B] (integers)');
    return 1;
  }
  const budget = args.numbers['budget-ms'] ?? 10_000;
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  try {
    const node = executor.createNode('add_two_ints_client');
    const client = node.ok ? node.value.createPollClient(example_interfaces.srv.AddTwoInts, 'add_two_ints') : node;
    if (!client.ok) {
      log(client.error.message);
      return 1;
    }
    const available = await client.value.waitForService(budget);
    if (!available.ok) {
      log(`service not available: ${available.error.message}`);
      return 1;
    }
    const response = await client.value.call({ a, b }, budget);
    if (!response.ok) {
      log(`request failed: ${response.error.message}`);
      return 1;
    }
    log(`Result of add_two_ints: for ${a} + ${b} = ${response.value.sum}`);
    return 0;
  } finally {
    await executor.shutdown();
  }
}

runIfMain(import.meta.url, main);
