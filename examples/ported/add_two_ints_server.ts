/**
 * Port of ros2/demos demo_nodes_cpp/src/services/add_two_ints_server.cpp (`demo_nodes_cpp::ServerNode`).
 *
 * The original: a component node `add_two_ints_server` serving example_interfaces/AddTwoInts
 * on `add_two_ints`; the callback logs `Incoming request\na: A b: B` and answers `sum = a + b`.
 * A `one_shot` parameter (default false) starts a 100 ms wall timer that shuts the process
 * down once a request has been served.
 *
 * The port: the handler returns the response instead of filling an out-parameter; int64
 * fields are `bigint`; `rclcpp::shutdown()` becomes `executor.cancel()` (main then shuts the
 * executor down).
 *   npx tsx examples/ported/add_two_ints_server.ts [--router ws/HOST:PORT] [--ros-args -p one_shot:=true]
 */
import { type Executor, example_interfaces, type Node, type NodeOptions, type ResultOf } from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

export class AddTwoIntsServer {
  sawRequest = false;

  private constructor(readonly node: Node) {}

  static create(executor: Executor, options: NodeOptions = {}): ResultOf<AddTwoIntsServer> {
    const node = executor.createNode('add_two_ints_server', options);
    if (!node.ok) return node;
    const server = new AddTwoIntsServer(node.value);
    const logger = node.value.getLogger();
    const service = node.value.createService(example_interfaces.srv.AddTwoInts, 'add_two_ints', (request) => {
      logger.info(`Incoming request\na: ${request.a} b: ${request.b}`);
      server.sawRequest = true;
      return { sum: request.a + request.b };
    });
    if (!service.ok) return service;
    const oneShot = node.value.declareParameter('one_shot', false);
    if (!oneShot.ok) return oneShot;
    if (oneShot.value.value === true) {
      const timer = node.value.createWallTimer(100, () => {
        if (server.sawRequest) executor.cancel();
      });
      if (!timer.ok) return timer;
    }
    return { ok: true, value: server };
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, {}, (executor, { rosArgs }) =>
    spinOnceMade(executor, AddTwoIntsServer.create(executor, { arguments: rosArgs })),
  );
}

runIfMain(import.meta.url, main);
