/**
 * The ROS demo service: answers `add_two_ints` (example_interfaces/srv/AddTwoInts).
 *   npx tsx examples/add_two_ints_server.ts [--count N] [--router ws/127.0.0.1:10000]
 * Serves until Ctrl-C, or until it has answered --count requests.
 */
import { Executor, example_interfaces } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, Number.POSITIVE_INFINITY);
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  let answered = 0;
  const node = executor.createNode('add_two_ints_server');
  const service = node.ok
    ? node.value.createService(example_interfaces.srv.AddTwoInts, 'add_two_ints', (request) => {
        log(`Incoming request\na: ${request.a} b: ${request.b}`);
        if (++answered >= args.count) executor.cancel();
        return { sum: request.a + request.b };
      })
    : node;
  if (!service.ok) {
    log(service.error.message);
    await executor.shutdown();
    return 1;
  }
  const stop = (): void => executor.cancel();
  process.once('SIGINT', stop);
  log('Ready to add two ints.');
  await executor.spin();
  process.off('SIGINT', stop);
  await executor.shutdown();
  return 0;
}

runIfMain(import.meta.url, main);
