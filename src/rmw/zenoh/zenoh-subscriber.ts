/**
 * Subscribers: a zenoh subscriber whose callback handler hands every sample straight to
 * `onSample` (the executor's bounded queue applies KEEP_LAST/KEEP_ALL; zenoh-ts's channels
 * would not bound correctly). Transient-local subscribers fetch the publishers' history
 * first (see transient-history.ts).
 */
import type { Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import type { RmwAttachment, RmwSample, RmwSubscriber } from '../rmw.js';
import { decodeAttachment } from '../wire/attachment.js';
import { gidToHex } from '../wire/gid.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { REPLAY_TRIM_SLACK, ReplayFilter } from './replay-filter.js';
import { deliver, type SessionContext } from './session-context.js';
import { toStamp } from './stamp-order.js';
import { TransientHistory } from './transient-history.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';
import type { GraphWatcher } from './zenoh-graph.js';
import { FramePath, type InSampleView, readSamplesWith, type SampleReader, tapInFrames } from './zenoh-ts/index.js';

export class ZenohSubscriber extends ZenohEndpoint implements RmwSubscriber, SampleReader, GraphWatcher {
  /** History fetching and the hold-back of live samples (transient local only). */
  private readonly history: TransientHistory | undefined;
  /** Drops replayed samples (ros naming only: raw samples carry no attachment), see replay-filter.ts. */
  private readonly replays: ReplayFilter | undefined;
  /** Samples dropped for lack of an rmw_zenoh attachment (ros naming only). */
  private unattached = 0;

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly onSample: (sample: RmwSample) => void,
  ) {
    super(session, endpoint, 'subscription');
    if (endpoint.spec.qos.durability === 'transient_local') {
      this.history = new TransientHistory({
        zenoh: session.zenoh,
        key: endpoint.key,
        depthQos: endpoint.spec.qos,
        isOpen: () => this.isOpen(),
        toRmwSample: (key, payload, attachment) => this.toRmwSample(key, payload, attachment),
        pass: (sample) => this.pass(sample),
      });
    }
    if (endpoint.spec.naming === 'ros') {
      this.replays = new ReplayFilter();
      session.graph.watch(this);
    }
    this.start();
  }

  /** Publishers that left the graph are forgotten: the replay table keeps few more GIDs than live publishers. */
  graphChanged(): void {
    const replays = this.replays;
    if (replays === undefined || replays.size <= REPLAY_TRIM_SLACK) return;
    const live = this.session.graph.publisherCount(this.endpoint.spec.name);
    if (live !== undefined) replays.trimTo(live + REPLAY_TRIM_SLACK);
  }

  /** How many publishers the replay filter remembers (tests check it stays bounded). */
  trackedPublishers(): number {
    return this.replays?.size ?? 0;
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    const steps: Array<() => Promise<Undeclarable | undefined>> = [
      // A bound method: smaller than an arrow function and its context, held as long as the subscriber.
      () => session.declareSubscriber(this.key, { handler: this.zenohHandler(session) }),
    ];
    if (this.history !== undefined) {
      // History must not be missed between the declaration and the query: hold live samples from the start.
      this.history.holdFromNow();
      steps.push(this.history.detectionStep(session));
    }
    return steps;
  }

  /**
   * The callback zenoh-ts holds. Without history, samples are read from the frame where the
   * session's tap runs (in-frame-tap.ts); the history's hold-back needs zenoh-ts's timestamps.
   */
  private zenohHandler(session: Session): (s: Sample) => void {
    const handler = this.onZenohSample.bind(this);
    const frames = this.session.frames;
    if (this.history === undefined && frames.take(FramePath.InFrames, () => tapInFrames(this.session.zenoh, session)))
      readSamplesWith(handler, this);
    return handler;
  }

  /** A sample read from the frame: as onZenohSample, without zenoh-ts's unpacking. */
  readSample(s: InSampleView): void {
    if (!this.isOpen() || s.isDelete) return;
    this.pass(this.toRmwSample(s.key, s.payload, s.attachment));
  }

  protected override onDeclared(session: Session): void {
    this.history?.start(session);
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    this.history?.stop();
    if (reason !== 'lost') {
      this.session.graph.unwatch(this);
      this.replays?.clear();
    }
  }

  private onZenohSample(s: Sample): void {
    if (!this.isOpen() || s.kind() === this.session.zenoh.SampleKind.DELETE) return;
    const sample = this.toRmwSample(s.keyexpr().toString(), s.payload().toBytes(), s.attachment()?.toBytes());
    if (this.history !== undefined) this.history.live(sample, toStamp(s.timestamp()));
    else this.pass(sample);
  }

  private toRmwSample(key: string, payload: Uint8Array, attachmentBytes: Uint8Array | undefined): RmwSample {
    return { key, payload, attachment: decodeAttachment(attachmentBytes), receivedAtMs: Date.now() };
  }

  private pass(sample: RmwSample): void {
    const replays = this.replays;
    if (replays !== undefined) {
      if (sample.attachment === undefined) {
        this.dropUnattached();
        return;
      }
      if (this.isReplay(replays, sample.attachment)) return;
    }
    deliver(this.session, this.key, this, this.onSample, sample);
  }

  /**
   * rmw_zenoh_cpp drops a sample on a ROS topic that has no attachment ("Unable to obtain
   * attachment for topic") and cannot read one of the wrong shape; rclts drops both and says
   * so: the first drop, then at 10, 100, 1000... so a flood of them stays a few events.
   */
  private dropUnattached(): void {
    const n = ++this.unattached;
    if (!isPowerOfTen(n)) return;
    this.session.emit({
      type: 'dropped',
      key: this.key,
      message: `${this.what}: ${n} sample${n === 1 ? '' : 's'} without a well-formed rmw_zenoh attachment dropped so far (rmw_zenoh_cpp drops them too)`,
    });
  }

  private isReplay(replays: ReplayFilter, a: RmwAttachment): boolean {
    return replays.isReplay(gidToHex(a.gid), a.sequenceNumber, a.sourceTimestampNs);
  }
}

function isPowerOfTen(n: number): boolean {
  let m = n;
  while (m >= 10 && m % 10 === 0) m /= 10;
  return m === 1;
}
