/**
 * Observes a key expression for a window on a temporary raw node, then withdraws it. The
 * caller's executor is spun for the window unless someone else is already spinning it.
 */

import { hostId } from '../../host.js';
import type { Executor, Node } from '../../rclcpp/index.js';
import { describeThrown, err, ok, type Result } from '../../result.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import { observerQos, RawBytes } from './raw-bytes.js';

/** Tools run on an executor, or on a node (its executor is used; the node is left alone). */
export type ObserverTarget = Executor | Node;

export type SampleSink = (key: string, payload: Uint8Array, receivedAtMs: number) => void;

let observers = 0;

function executorOf(target: ObserverTarget): Executor {
  return 'createNode' in target ? target : target.executor;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Subscribes `keyExpr` for `windowMs`, feeding every sample to `sink`. */
export async function observe(
  target: ObserverTarget,
  keyExpr: string,
  windowMs: number,
  sink: SampleSink,
): Promise<Result> {
  if (!Number.isFinite(windowMs) || windowMs <= 0) {
    return err('InvalidArgument', `window ${windowMs} ms for '${keyExpr}' must be a positive number of ms`);
  }
  const executor = executorOf(target);
  if (executor.inHandler()) {
    return err(
      'Reentrant',
      `observing '${keyExpr}' for ${windowMs} ms cannot run inside a handler of the same executor`,
    );
  }
  const node = executor.createNode(`vrobots_observer_${hostId()}_${observers++}`, VROBOTS_NODE_OPTIONS);
  if (!node.ok) return node;
  try {
    const sub = node.value.createSubscription(
      RawBytes,
      keyExpr,
      (payload, info) => sink(info.key, payload, info.receivedAtMs),
      observerQos(),
    );
    if (!sub.ok) return err(sub.error.name, `cannot observe '${keyExpr}': ${sub.error.message}`);
    if (executor.isSpinning()) {
      await sleep(windowMs);
    } else {
      const spun = await executor.spinFor(windowMs);
      if (!spun.ok) return err(spun.error.name, `observing '${keyExpr}' for ${windowMs} ms: ${spun.error.message}`);
    }
    // Samples that arrived in the last instant are queued: hand them over before leaving.
    if (!executor.isSpinning()) executor.spinSome();
    return ok();
  } catch (thrown) {
    return err('Error', `observing '${keyExpr}' for ${windowMs} ms: ${describeThrown(thrown)}`);
  } finally {
    node.value.destroy();
  }
}
