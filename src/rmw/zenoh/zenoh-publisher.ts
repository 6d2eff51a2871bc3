/**
 * Publishers: a zenoh publisher with rmw_zenoh's reliability/congestion mapping, every sample
 * carrying the 33-byte attachment (ros naming). publish() is synchronous: before the
 * declaration completes samples wait in order (bounded); after it, each put is chained
 * behind the previous one so the order on the wire is the order of the calls even when
 * zenoh-ts has to wait for its WebSocket buffer to drain.
 */
import type { Publisher, Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import type { RmwPublisher } from '../rmw.js';
import { encodeAttachment, nowNs } from '../wire/attachment.js';
import { newGid } from '../wire/gid.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { zenohPublisherQos } from './qos-mapping.js';
import { checkPayload, type SessionContext } from './session-context.js';
import type { TransientLocalCache } from './transient-local.js';
import type { Undeclarable } from './zenoh-entity.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';

/** Samples a publisher holds for the router (before declaration, or queued behind a slow socket). */
export const MAX_QUEUED_SAMPLES = 1024;

export class ZenohPublisher extends ZenohEndpoint implements RmwPublisher {
  readonly gid = newGid();
  private publisher: Publisher | undefined;
  private readonly waiting: Uint8Array[] = [];
  private sequence = 0n;
  /** The put chain of the current session; a lost session's chain is abandoned, never waited on. */
  private chain = { tail: Promise.resolve(), inFlight: 0 };

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly cache: TransientLocalCache | undefined,
  ) {
    super(session, endpoint, `publisher on '${endpoint.key}'`);
    this.start();
  }

  publish(payload: Uint8Array): Result {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const checked = checkPayload(payload, this.what);
    if (!checked.ok) return checked;
    if (!this.session.connection.isConnected()) {
      return err('TransportError', this.session.connection.notConnected(`${this.what} cannot publish`));
    }
    if (this.waiting.length + this.chain.inFlight >= MAX_QUEUED_SAMPLES) {
      return err(
        'TryAgain',
        `${this.what} has ${MAX_QUEUED_SAMPLES} samples waiting for the router; publish again later`,
      );
    }
    // Copied: the caller may reuse its buffer once publish returns.
    const bytes = new Uint8Array(payload);
    if (this.publisher === undefined) this.waiting.push(bytes);
    else this.send(this.publisher, bytes);
    return ok();
  }

  subscriptionCount(): ResultOf<number> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const spec = this.endpoint.spec;
    if (spec.naming === 'raw') {
      return err(
        'Unsupported',
        `${this.what}: raw keys carry no liveliness tokens, so subscriptions cannot be counted`,
      );
    }
    return ok(
      this.session.graph.endpointsNamed('subscription', spec.name).filter((e) => e.typeName === spec.typeName).length,
    );
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    const qos = zenohPublisherQos(this.session.zenoh, this.endpoint.spec.qos);
    const steps: Array<() => Promise<Undeclarable | undefined>> = [
      async () => {
        const p = await session.declarePublisher(this.key, {
          reliability: qos.reliability,
          congestionControl: qos.congestionControl,
        });
        this.pendingPublisher = p;
        return p;
      },
    ];
    if (this.cache !== undefined) steps.push(...this.cache.declareSteps(session));
    return steps;
  }

  private pendingPublisher: Publisher | undefined;

  protected override onDeclared(_session: Session): void {
    this.publisher = this.pendingPublisher;
    this.pendingPublisher = undefined;
    const p = this.publisher;
    if (p === undefined) return;
    for (const bytes of this.waiting.splice(0)) this.send(p, bytes);
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    this.publisher = undefined;
    this.pendingPublisher = undefined;
    this.chain = { tail: Promise.resolve(), inFlight: 0 };
    const dropped = this.waiting.splice(0).length;
    if (dropped > 0 && reason !== 'closed') {
      const why =
        reason === 'lost' ? 'the router was lost before the publisher was declared' : 'the declaration failed';
      this.session.emit({
        type: 'dropped',
        key: this.key,
        message: `${this.what}: ${dropped} queued samples dropped, ${why}`,
      });
    }
    if (reason !== 'lost') this.cache?.close();
  }

  private send(p: Publisher, bytes: Uint8Array): void {
    this.sequence += 1n;
    const attachment =
      this.endpoint.spec.naming === 'ros'
        ? encodeAttachment({ sequenceNumber: this.sequence, sourceTimestampNs: nowNs(), gid: this.gid })
        : undefined;
    this.cache?.remember(bytes, attachment);
    const chain = this.chain;
    chain.inFlight += 1;
    chain.tail = chain.tail.then(async () => {
      try {
        // A publisher of a lost session is dead: its put would go nowhere.
        if (p !== this.publisher) return;
        await p.put(bytes, attachment === undefined ? undefined : { attachment });
      } catch (thrown) {
        // A put on a session lost meanwhile is expected to fail; the loss is reported once.
        if (p !== this.publisher) return;
        this.session.emit({
          type: 'transport_error',
          key: this.key,
          message: `${this.what}: put failed: ${describeThrown(thrown)}`,
        });
        this.session.connection.suspect();
      } finally {
        chain.inFlight -= 1;
      }
    });
  }
}
