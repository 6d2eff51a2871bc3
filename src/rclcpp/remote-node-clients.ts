/**
 * The poll clients of one remote node's services (its parameter or lifecycle services), made,
 * awaited and released together: what ParametersClient and LifecycleClient are built on.
 */

import { describeValue, err, ok, type Result, type ResultOf } from '../result.js';
import type { Node, PollClient, QoSLike } from './api.js';
import type { ServiceType } from './type-support.js';

interface Releasable {
  readonly handle: { reset(): Result };
  waitForService(budgetMs: number): Promise<Result>;
}

export class RemoteNodeClients {
  private readonly made: Releasable[] = [];

  private constructor(
    private readonly node: Node,
    readonly remoteNode: string,
    private readonly what: string,
  ) {}

  /** InvalidArgument unless `remoteNode` is a fully qualified node name. */
  static open(node: Node, remoteNode: unknown, what: string): ResultOf<RemoteNodeClients> {
    if (typeof remoteNode !== 'string' || !remoteNode.startsWith('/') || remoteNode.length < 2) {
      return err(
        'InvalidArgument',
        `remoteNode must be a fully qualified node name (/ns/name), got ${describeValue(remoteNode)}`,
      );
    }
    return ok(new RemoteNodeClients(node, remoteNode, what));
  }

  /** A client of `<remoteNode>/<service>`, one request in flight. */
  client<Req, Res>(type: ServiceType<Req, Res>, service: string, qos?: QoSLike): ResultOf<PollClient<Req, Res>> {
    const c = this.node.createPollClient(type, `${this.remoteNode}/${service}`, { qos, maxRequestsInFlight: 1 });
    if (c.ok) this.made.push(c.value);
    return c;
  }

  /** Waits (spinning) until every service is visible; one budget for all. */
  async waitForService(budgetMs: number): Promise<Result> {
    const deadline = performance.now() + budgetMs;
    for (const c of this.made) {
      const w = await c.waitForService(Math.max(1, deadline - performance.now()));
      if (!w.ok) return err(w.error.name, `${this.what} of '${this.remoteNode}': ${w.error.message}`);
    }
    return ok();
  }

  /** The error of a call, naming the remote node. */
  failed(r: { readonly error: { readonly name: Parameters<typeof err>[0]; readonly message: string } }) {
    return err(r.error.name, `${this.what} of '${this.remoteNode}': ${r.error.message}`);
  }

  releaseAll(): void {
    for (const c of this.made.splice(0)) c.handle.reset();
  }
}
