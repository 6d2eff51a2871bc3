/**
 * rclcpp's graph event (`get_graph_event` / `wait_for_graph_change`): a change of what the
 * graph shows, as a promise with a budget, or as a callback run in spin.
 */
import { checkBudget, timerDelay } from '../../budget.js';
import { err, ok, type Result } from '../../result.js';
import type { RmwGraph } from '../../rmw/rmw.js';

/** Ok at the next change of the graph, Timeout after the budget; Unsupported without a graph. */
export async function waitForGraphChange(graph: RmwGraph, budgetMs: number, who: string): Promise<Result> {
  const bad = checkBudget('budgetMs', budgetMs);
  if (!bad.ok) return bad;
  if (!graph.supported) return err('Unsupported', `the backend cannot discover the graph, ${who} cannot wait for it`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch = (): void => {};
  try {
    return await new Promise<Result>((resolve) => {
      unwatch = graph.onChange(() => resolve(ok()));
      timer = setTimeout(
        () => resolve(err('Timeout', `${who}: the graph did not change within ${budgetMs} ms`)),
        timerDelay(budgetMs),
      );
    });
  } finally {
    clearTimeout(timer);
    unwatch();
  }
}
