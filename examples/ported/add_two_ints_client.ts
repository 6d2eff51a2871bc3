/**
 * Port of ros2/demos demo_nodes_cpp/src/services/add_two_ints_client.cpp.
 *
 * The original: a plain `main` that makes node `add_two_ints_client`, a client of
 * example_interfaces/AddTwoInts on `add_two_ints` and a request `a = 2, b = 3`; it loops on
 * `wait_for_service(1s)` logging `service not available, waiting again...` (an error and exit
 * when interrupted), then `async_send_request` and `spin_until_future_complete`, and logs
 * `Result of add_two_ints: 5` with RCLCPP_INFO_STREAM (or an error when interrupted).
 *
 * The port: every wait has a budget, so the wait loop gives up after `--budget-ms` where
 * rclcpp's waits until Ctrl-C; int64 fields are `bigint` (`2n`); the request's future comes
 * from a PollClient (one request in flight, as this program needs) and is spun to completion;
 * every step answers a Result, so a failure is logged with its reason, never thrown.
 *   npx tsx examples/ported/add_two_ints_client.ts [A B] [--budget-ms 10000] [--router ws/HOST:PORT]
 */
import { type Executor, err, example_interfaces, type Node, type NodeOptions, type ResultOf } from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted } from './ported-args.js';

type Request = example_interfaces.srv.AddTwoInts_Request;

/** Waits for the service a second at a time, as the original's loop does, within `budgetMs`. */
async function sendRequest(node: Node, request: Request, budgetMs: number): Promise<ResultOf<bigint>> {
  const logger = node.getLogger();
  const client = node.createPollClient(example_interfaces.srv.AddTwoInts, 'add_two_ints');
  if (!client.ok) return client;
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const left = deadline - Date.now();
    const ready = await client.value.waitForService(Math.max(0, Math.min(1000, left)));
    if (ready.ok) break;
    if (ready.error.name !== 'Timeout' || left <= 1000) return ready;
    logger.info('service not available, waiting again...');
  }
  const future = client.value.sendRequest(request);
  if (!future.ok) return future;
  const response = await node.executor.spinUntilFutureComplete(future.value, Math.max(0, deadline - Date.now()));
  return response.ok ? { ok: true, value: response.value.sum } : response;
}

export async function runClient(
  executor: Executor,
  request: Request,
  budgetMs: number,
  options: NodeOptions = {},
): Promise<ResultOf<bigint>> {
  const node = executor.createNode('add_two_ints_client', options);
  if (!node.ok) return node;
  const logger = node.value.getLogger();
  const sum = await sendRequest(node.value, request, budgetMs);
  if (sum.ok) logger.info(`Result of add_two_ints: ${sum.value}`);
  else logger.error(`No result of add_two_ints: ${sum.error.message}`);
  return sum;
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { numbers: { 'budget-ms': 10_000 } }, async (executor, { positionals, numbers, rosArgs }) => {
    const [a = '2', b = '3'] = positionals;
    if (positionals.length > 2 || !/^-?\d+$/.test(a) || !/^-?\d+$/.test(b)) {
      return err('InvalidArgument', `usage: add_two_ints_client [A B] (two integers), got '${positionals.join(' ')}'`);
    }
    const request = example_interfaces.srv.AddTwoInts_Request.create({ a: BigInt(a), b: BigInt(b) });
    return runClient(executor, request, numbers['budget-ms'] ?? 10_000, { arguments: rosArgs });
  });
}

runIfMain(import.meta.url, main);
