/**
 * The rclcpp resources behind one VirtualRobot handle: the executor (its own, opened from
 * `options.router` or in-process, or the caller's), one raw-naming node, the loop driver
 * waits go through, and one ServiceChannel per service key, opened on first use.
 *
 * An owned executor is spun in the background from connect to close, the way the vendor
 * SDK's receive thread runs: `states()` stays current even when the program never waits.
 * A caller's executor is spun by the caller; SDK waits then only listen (or drive it with
 * spinOnce while the caller is not spinning it).
 */

import { hostId } from '../../host.js';
import { Executor, type Node, type ServiceType } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import type { ResolvedConnectOptions } from './connect-options.js';
import { LoopDriver } from './loop-driver.js';
import { ServiceChannel } from './service-channel.js';
import { type VrResult, type VrResultOf, vrErr, vrFail } from './vr-error.js';

let nodeCounter = 0;

export class RobotLink {
  readonly executor: Executor;
  readonly node: Node;
  readonly driver: LoopDriver;
  readonly owned: boolean;
  readonly options: ResolvedConnectOptions;
  /** Time the session took to open (0 for a caller's executor). */
  readonly sessionMs: number;
  private readonly channels = new Map<string, ServiceChannel<unknown, unknown>>();
  private background: Promise<unknown> | undefined;
  private closed = false;

  private constructor(
    executor: Executor,
    node: Node,
    owned: boolean,
    options: ResolvedConnectOptions,
    sessionMs: number,
  ) {
    this.executor = executor;
    this.node = node;
    this.owned = owned;
    this.options = options;
    this.sessionMs = sessionMs;
    this.driver = new LoopDriver(executor);
  }

  static async open(options: ResolvedConnectOptions): Promise<VrResultOf<RobotLink>> {
    const t0 = performance.now();
    let executor = options.executor;
    const owned = executor === undefined;
    if (executor === undefined) {
      const created = await Executor.create({
        router: options.router,
        tls: options.tls,
        connectBudgetMs: options.connectTimeoutMs,
      });
      if (!created.ok) {
        const where = options.router === undefined ? 'the in-process backend' : `router ${options.router}`;
        const detail = `cannot open a session on ${where} within ${options.connectTimeoutMs}ms: ${created.error.message}`;
        // The vendor answers a session error for a router it cannot reach, whatever the cause.
        return vrErr(created.error.name === 'InvalidArgument' ? 'invalid_argument' : 'session', detail);
      }
      executor = created.value;
    }
    const sessionMs = owned ? performance.now() - t0 : 0;
    const node = executor.createNode(`vrobots_sdk_${hostId()}_${nodeCounter++}`, VROBOTS_NODE_OPTIONS);
    if (!node.ok) {
      if (owned) await executor.shutdown();
      return vrFail(node.error, 'cannot create the SDK node');
    }
    const link = new RobotLink(executor, node.value, owned, options, sessionMs);
    if (owned) link.background = executor.spin();
    return ok(link);
  }

  /** The channel of one service key, opened on first use (request budget: service_timeout unless given). */
  channel<Req, Res>(
    type: ServiceType<Req, Res>,
    key: string,
    requestBudgetMs?: number,
  ): VrResultOf<ServiceChannel<Req, Res>> {
    // Keyed by type too: the create probe (payload-less) and create share one key.
    const id = `${type.typeName} ${key}`;
    const known = this.channels.get(id);
    if (known !== undefined) return ok(known as unknown as ServiceChannel<Req, Res>);
    const opened = ServiceChannel.open(
      this.node,
      this.driver,
      type,
      key,
      requestBudgetMs ?? this.options.serviceTimeoutMs,
    );
    if (opened.ok) this.channels.set(id, opened.value as unknown as ServiceChannel<unknown, unknown>);
    return opened;
  }

  /** Requests sent on a key so far (what a test reads to prove "sent once"). */
  sentOn(key: string): number {
    let n = 0;
    for (const c of this.channels.values()) if (c.key === key) n += c.sent;
    return n;
  }

  isClosed(): boolean {
    return this.closed;
  }

  /** Releases the node (and, when owned, stops spinning and closes the session). */
  async close(): Promise<VrResult> {
    if (this.closed) return ok();
    this.closed = true;
    for (const c of this.channels.values()) c.close();
    this.channels.clear();
    this.node.destroy();
    if (!this.owned) return ok();
    this.executor.cancel();
    await this.background;
    const r = await this.executor.shutdown();
    return r.ok ? ok() : vrFail(r.error, 'closing the session');
  }
}
