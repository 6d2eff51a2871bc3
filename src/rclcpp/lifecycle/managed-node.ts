/**
 * The Node a lifecycle node hands out (`lc.node`): the node itself, except that
 * `createPublisher` makes lifecycle publishers, as every publisher rclcpp_lifecycle's
 * LifecycleNode creates is one. A port that writes `lc.node.createPublisher(...)` therefore
 * does not publish while unconfigured or inactive. Everything else is the node's own verb,
 * called on the node itself, so what the node builds internally (an action server's status
 * and feedback, parameter events, /rosout) is not gated, as in rclcpp_lifecycle.
 */
import type { Node } from '../api.js';

export function managedNode(node: Node, createPublisher: Node['createPublisher']): Node {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(node, {
    get(target, key) {
      if (key === 'createPublisher') return createPublisher;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // One bound copy per verb, so that `lc.node.getName === lc.node.getName` still holds.
      let fn = bound.get(key);
      if (fn === undefined) {
        fn = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(key, fn);
      }
      return fn;
    },
  });
}
