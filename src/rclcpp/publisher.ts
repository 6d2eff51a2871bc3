/** Publishers are caller-owned (not arena entries): publish is synchronous and answers a Result. */
import { checkBudget, timerDelay } from '../budget.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwPublisher } from '../rmw/rmw.js';
import type { Publisher } from './api.js';
import { closeEncodeLease, openEncodeLease } from './interfaces/runtime/encode-lease.js';
import { encodeBytes } from './type-check.js';
import type { MessageType } from './type-support.js';

/** `instanceof` that survives a revoked Proxy (whose prototype lookup throws). */
function isBytes(x: unknown): x is Uint8Array {
  try {
    return x instanceof Uint8Array;
  } catch {
    return false;
  }
}

export class PublisherImpl<M> implements Publisher<M> {
  private destroyed = false;

  constructor(
    private readonly rmw: RmwPublisher,
    private readonly type: MessageType<M>,
    private readonly topic: string,
    private readonly onDestroy: (publisher: PublisherImpl<M>) => void,
  ) {}

  publish(message: M): Result {
    if (this.destroyed) return err('NotInitialized', `publisher on '${this.topic}' was destroyed`);
    // The bytes are lent to the transport, which copies what it keeps (encode-lease.ts).
    const lease = openEncodeLease();
    try {
      const bytes = encodeBytes(this.type, message, this);
      return bytes instanceof Uint8Array ? this.send(bytes) : bytes;
    } finally {
      closeEncodeLease(lease);
    }
  }

  /** How an encoding error names this publisher. */
  where(): string {
    return `publisher on '${this.topic}'`;
  }

  publishRaw(bytes: Uint8Array): Result {
    if (this.destroyed) return err('NotInitialized', `publisher on '${this.topic}' was destroyed`);
    if (!isBytes(bytes)) return err('InvalidArgument', `bytes for '${this.topic}' must be a Uint8Array`);
    return this.send(bytes);
  }

  private send(bytes: Uint8Array): Result {
    try {
      return this.rmw.publish(bytes);
    } catch (thrown) {
      return err('TransportError', `publishing on '${this.topic}' failed: ${describeThrown(thrown)}`);
    }
  }

  /** Internal: false once destroyed (its event callbacks then stop). */
  isAlive(): boolean {
    return !this.destroyed;
  }

  getTopicName(): string {
    return this.topic;
  }

  getActualQos(): RmwActualQos {
    return this.rmw.actualQos();
  }

  getSubscriptionCount(): ResultOf<number> {
    if (this.destroyed) return err('NotInitialized', `publisher on '${this.topic}' was destroyed`);
    return this.rmw.subscriptionCount();
  }

  /** Resolves when the transport has declared the publisher (at once on local), or Timeout after the budget. */
  async ready(budgetMs: number): Promise<Result> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<Result>((resolve) => {
      timer = setTimeout(
        () => resolve(err('Timeout', `publisher on '${this.topic}' was not declared within ${budgetMs} ms`)),
        timerDelay(budgetMs),
      );
    });
    try {
      return await Promise.race([this.rmw.ready(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  destroy(): Result {
    if (this.destroyed) return err('NotInitialized', `publisher on '${this.topic}' was already destroyed`);
    this.destroyed = true;
    this.rmw.close();
    this.onDestroy(this);
    return ok();
  }
}
