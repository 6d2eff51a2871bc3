/**
 * rclcpp::wait_for_message: the next message on a topic within a budget, through a temporary
 * poll subscription that is released whatever the outcome.
 */
import { checkBudget } from '../../budget.js';
import { ErrorCode, err, type ResultOf } from '../../result.js';
import type { Node, QoSLike } from '../api.js';
import type { MessageType } from '../type-support.js';

export async function waitForMessage<M>(
  type: MessageType<M>,
  node: Node,
  topic: string,
  budgetMs: number,
  qos?: QoSLike,
): Promise<ResultOf<M>> {
  const bad = checkBudget('budgetMs', budgetMs);
  if (!bad.ok) return bad;
  const sub = node.createPollSubscription(type, topic, qos);
  if (!sub.ok) return sub;
  try {
    const taken = await sub.value.takeWithin(budgetMs);
    if (!taken.ok && taken.error.code === ErrorCode.Timeout)
      return err('Timeout', `waitForMessage: no message on '${topic}' within ${budgetMs} ms`);
    return taken;
  } finally {
    sub.value.handle.reset();
  }
}
