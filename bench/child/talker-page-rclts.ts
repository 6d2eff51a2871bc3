/**
 * A user's smallest rclts page, for bench/startup.ts to size as a bundler ships it: an executor
 * on the router, a node, a std_msgs/String publisher and subscription, one message.
 */
import { Executor, std_msgs } from '../../src/index.js';

export async function talk(router: string): Promise<number> {
  const ex = await Executor.create({ router });
  if (!ex.ok) return -1;
  const node = ex.value.createNode('talker');
  if (!node.ok) return -1;
  let got = 0;
  node.value.createSubscription(std_msgs.msg.String, 'chatter', () => void (got += 1));
  const pub = node.value.createPublisher(std_msgs.msg.String, 'chatter');
  if (pub.ok) pub.value.publish({ data: 'hello' });
  await ex.value.spinUntil(() => got > 0, 5000, 'the first message');
  await ex.value.shutdown();
  return got;
}
