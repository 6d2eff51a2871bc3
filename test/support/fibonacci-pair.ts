/**
 * Two executors with a Fibonacci action between them, for the tests that put the server and
 * the client behind different routers (or one router that goes away): the server's node on
 * `serverRouter`, the client's on `clientRouter`, both in a namespace of their own. The server
 * accepts every goal and every cancel and keeps the accepted handles in order.
 */
import {
  type ActionClient,
  CancelResponse,
  Executor,
  example_interfaces,
  GoalResponse,
  type ServerGoalHandle,
  Result,
} from '../../src/index.js';

export const Fibonacci = example_interfaces.action.Fibonacci;
export type FibonacciServerGoal = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

export const unwrap = Result.unwrap;

export interface FibonacciPair {
  /** The server's executor. */
  readonly server: Executor;
  /** The client's executor. */
  readonly client: Executor;
  readonly actionClient: ActionClient<
    example_interfaces.action.Fibonacci_Goal,
    example_interfaces.action.Fibonacci_Result,
    example_interfaces.action.Fibonacci_Feedback
  >;
  /** Goals the server accepted, oldest first. */
  readonly accepted: FibonacciServerGoal[];
  /** Spins both executors until `done()` holds; false once `budgetMs` has passed without it. */
  until(done: () => boolean, budgetMs?: number): Promise<boolean>;
}

export interface FibonacciPairOptions {
  readonly serverRouter: string;
  readonly clientRouter: string;
  /** Names the namespace, with the process id and time added. */
  readonly label: string;
  readonly resultBudgetMs: number;
  /** The default budget of `until`. */
  readonly untilBudgetMs: number;
}

/** Opens the pair; `track` gets each executor as soon as it exists, so the caller can shut it down. */
export async function openFibonacciPair(
  o: FibonacciPairOptions,
  track: (executor: Executor) => void,
): Promise<FibonacciPair> {
  const server = unwrap(await Executor.create({ router: o.serverRouter }));
  track(server);
  const client = unwrap(await Executor.create({ router: o.clientRouter }));
  track(client);
  const namespace = `/${o.label}_${process.pid}_${Date.now().toString(36)}`;
  const s = unwrap(server.createNode('server', { namespace }));
  const c = unwrap(client.createNode('client', { namespace }));
  const accepted: FibonacciServerGoal[] = [];
  unwrap(
    s.createActionServer(Fibonacci, 'fib', {
      goal: () => GoalResponse.AcceptAndExecute,
      cancel: () => CancelResponse.Accept,
      accepted: (h) => {
        accepted.push(h);
      },
    }),
  );
  const actionClient = unwrap(c.createActionClient(Fibonacci, 'fib', { resultBudgetMs: o.resultBudgetMs }));
  const until = async (done: () => boolean, budgetMs = o.untilBudgetMs): Promise<boolean> => {
    const deadline = performance.now() + budgetMs;
    while (!done()) {
      if (performance.now() > deadline) return false;
      await Promise.all([server.spinOnce(20), client.spinOnce(20)]);
    }
    return true;
  };
  return { server, client, actionClient, accepted, until };
}
