/**
 * Publishers: a zenoh publisher with rmw_zenoh's reliability/congestion mapping, every sample
 * carrying the 33-byte attachment (ros naming) and a zenoh timestamp (hybrid-clock.ts), as an
 * rmw_zenoh session stamps its samples. A sample is numbered, stamped and (transient local)
 * cached when publish() is called, so history holds it even before the declaration completes.
 * publish() is synchronous: before the
 * declaration completes samples wait in order (bounded); after it a sample is put at once
 * while the WebSocket takes it at once. Otherwise, on the frame path, its frame is written
 * now and held (bounded) until the socket takes frames at once again (held-frames.ts); without
 * the frame path it is chained behind zenoh-ts's puts still waiting. Either way the order on
 * the wire is the order of the calls.
 */
import type { Publisher, Session, Timestamp } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import type { RmwPublisher } from '../rmw.js';
import { encodeAttachment, nowNs } from '../wire/attachment.js';
import { entityGid } from '../wire/gid.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { zenohPublisherQos } from './qos-mapping.js';
import { checkPayload, type SessionContext } from './session-context.js';
import type { TransientLocalCache } from './transient-local.js';
import { HeldFrames } from './held-frames.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';
import { FramePath, type FramePutter, type FrameSocket, framePutter, frameSocketOfSession } from './zenoh-ts/index.js';

/** Samples a publisher holds for the router (before declaration, or queued behind a slow socket). */
export const MAX_QUEUED_SAMPLES = 1024;

/** One sample as it goes on the wire. */
interface Outgoing {
  readonly bytes: Uint8Array;
  readonly attachment: Uint8Array | undefined;
  /** The sample's zenoh timestamp (this context's clock), as NTP64. */
  readonly ntp64: bigint;
}

export class ZenohPublisher extends ZenohEndpoint implements RmwPublisher {
  readonly gid = entityGid(this.endpoint.token);
  private publisher: Publisher | undefined;
  private readonly waiting: Outgoing[] = [];
  private sequence = 0n;
  /** The put chain of the current session; a lost session's chain is abandoned, never waited on. */
  private chain = { tail: Promise.resolve(), inFlight: 0 };
  /** The declared publisher's socket, read to know whether a put goes out synchronously. */
  private socket: FrameSocket | undefined;
  /** Writes a direct put as its frame (put-frame.ts), where that matches what zenoh-ts would send. */
  private frames: FramePutter | undefined;
  /** Reports a failed direct put; made once per declaration so a put allocates no closure. */
  private putFailed: (thrown: unknown) => void = () => {};
  /** Frames written while the socket was backed up, sent in order once it takes them again. */
  private held: HeldFrames | undefined;

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly cache: TransientLocalCache | undefined,
  ) {
    super(session, endpoint, 'publisher');
    this.start();
  }

  publish(payload: Uint8Array): Result {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const checked = checkPayload(payload, this);
    if (!checked.ok) return checked;
    if (!this.session.connection.isConnected()) {
      return err('TransportError', this.session.connection.notConnected(`${this.what} cannot publish`));
    }
    if (this.waiting.length + this.chain.inFlight + (this.held?.size ?? 0) >= MAX_QUEUED_SAMPLES) {
      return err(
        'TryAgain',
        `${this.what} has ${MAX_QUEUED_SAMPLES} samples waiting for the router; publish again later`,
      );
    }
    const p = this.publisher;
    // A put serialized before publish returns (a direct put, or a frame written to be held)
    // does not keep the payload; anything that does (history, a sample waiting for the
    // declaration or zenoh-ts's put chain) is copied, since the caller may reuse its buffer.
    const consumed = p !== undefined && this.chain.inFlight === 0 && this.writesFrameNow();
    const out = this.stamp(consumed && this.cache === undefined ? payload : new Uint8Array(payload));
    if (p === undefined) this.waiting.push(out);
    else this.send(p, out);
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

  protected override onDeclared(session: Session): void {
    this.publisher = this.pendingPublisher;
    this.pendingPublisher = undefined;
    const p = this.publisher;
    if (p === undefined) return;
    this.socket = frameSocketOfSession(session);
    this.frames = this.session.frames.take(FramePath.Put, () => framePutter(this.session.zenoh, session, p));
    this.putFailed = (thrown) => this.reportPutFailure(p, thrown);
    const socket = this.socket;
    this.held =
      this.frames !== undefined && socket !== undefined
        ? new HeldFrames(this.frames, socket, this.session.writes, this.putFailed)
        : undefined;
    for (const out of this.waiting.splice(0)) this.send(p, out);
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    this.publisher = undefined;
    this.pendingPublisher = undefined;
    this.socket = undefined;
    this.frames = undefined;
    this.putFailed = () => {};
    this.chain = { tail: Promise.resolve(), inFlight: 0 };
    // As the put chain of a lost session: its frames would go nowhere.
    this.held?.clear();
    this.held = undefined;
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

  private stamp(bytes: Uint8Array): Outgoing {
    this.sequence += 1n;
    const attachment =
      this.endpoint.spec.naming === 'ros'
        ? encodeAttachment({ sequenceNumber: this.sequence, sourceTimestampNs: nowNs(), gid: this.gid })
        : undefined;
    const clock = this.session.clock;
    const ntp64 = clock.nextNtp64();
    this.cache?.remember(bytes, attachment, clock.timestampAt(ntp64));
    return { bytes, attachment, ntp64 };
  }

  /**
   * Whether `send` writes the sample's frame before returning: at once, or held behind the
   * frames still waiting for the socket.
   */
  private writesFrameNow(): boolean {
    const held = this.held;
    return held !== undefined && this.frames?.usable() === true ? true : this.socketTakesAtOnce();
  }

  /** Puts `out` at once, as a held frame, or behind zenoh-ts's puts still waiting, keeping the order. */
  private send(p: Publisher, out: Outgoing): void {
    const chain = this.chain;
    if (chain.inFlight === 0) {
      const held = this.held;
      if ((held === undefined || held.size === 0) && this.socketTakesAtOnce()) {
        // Nothing is waiting ahead and the frame reaches the WebSocket before this returns,
        // so the order is fixed already: no chain link, no microtask hops.
        this.putNow(p, out);
        return;
      }
      if (held !== undefined && this.frames?.usable() === true) {
        // The socket is backed up: rclts holds the frame itself rather than leaving it to
        // zenoh-ts's put(), which copies it again and polls the socket every 10 ms.
        held.push(this.frames.frame(out.bytes, out.attachment, out.ntp64, this.session.clock.idBytes));
        return;
      }
    }
    chain.inFlight += 1;
    chain.tail = chain.tail.then(async () => {
      try {
        // A publisher of a lost session is dead: its put would go nowhere.
        if (p !== this.publisher) return;
        await p.put(out.bytes, this.putOptions(out));
      } catch (thrown) {
        this.reportPutFailure(p, thrown);
      } finally {
        chain.inFlight -= 1;
      }
    });
  }

  /**
   * Hands `out` to the socket before returning, when nothing waits ahead and the socket takes
   * it at once: as its frame where that is checked to be zenoh-ts's, else through put().
   */
  private putNow(p: Publisher, out: Outgoing): void {
    const frames = this.frames;
    if (frames?.usable() === true) {
      try {
        const zid = this.session.clock.idBytes;
        frames.put(out.bytes, out.attachment, out.ntp64, zid);
      } catch (thrown) {
        // Reported after publish returns, as a failed put() is.
        Promise.reject(thrown).catch(this.putFailed);
      }
    } else {
      p.put(out.bytes, this.putOptions(out)).catch(this.putFailed);
    }
    this.session.writes.wrote();
  }

  private putOptions(out: Outgoing): { attachment?: Uint8Array; timestamp: Timestamp } {
    const timestamp = this.session.clock.timestampAt(out.ntp64);
    return out.attachment === undefined ? { timestamp } : { attachment: out.attachment, timestamp };
  }

  /**
   * Whether zenoh-ts would hand a put to the socket before returning (unknown: no): the one rule
   * every path that writes in zenoh-ts's place asks (session-internals.ts).
   */
  private socketTakesAtOnce(): boolean {
    return this.socket?.takesAtOnce() === true;
  }

  private reportPutFailure(p: Publisher, thrown: unknown): void {
    // A put on a session lost meanwhile is expected to fail; the loss is reported once.
    if (p !== this.publisher) return;
    this.session.emit({
      type: 'transport_error',
      key: this.key,
      message: `${this.what}: put failed: ${describeThrown(thrown)}`,
    });
    this.session.connection.suspect();
  }
}
