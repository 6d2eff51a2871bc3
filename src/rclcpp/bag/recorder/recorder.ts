/**
 * rosbag2_transport's Recorder on an rclts node: polls the graph on an executor timer for topics
 * the selection takes, subscribes to each with the QoS adapted to its publishers' offers, and
 * hands every sample's CDR bytes to the bag writer in spin (log time = receive time, publish
 * time = the publisher's source timestamp). Nothing is lost silently: queue overflows, samples
 * the transport lost and writes the writer refused are counted per topic and reported.
 */
import { describeThrown, err, ok, type Result, type ResultOf } from '../../../result.js';
import type { RmwQos } from '../../../rmw/qos.js';
import type { MessageInfo, Node, SubscriptionHandle, Timer } from '../../api.js';
import { QoS } from '../../qos.js';
import { systemNowNs } from '../../time.js';
import type { MessageType } from '../../type-support.js';
import { messageDefinitionFor } from '../storage/message-definition.js';
import type { BagMetadata } from '../storage/types.js';
import { withinBudget } from './budgeted.js';
import { type CheckedRecordOptions, checkRecordOptions, type RecordOptions } from './record-options.js';
import { adaptRequestToOffers, offeredProfile } from './record-qos.js';
import { TopicSkip, takeTopic } from './topic-filter.js';

/** Why a sample did not reach the bag. */
export const RecordDrop = {
  /** The subscription's queue was full when it arrived (the executor did not keep up). */
  QueueOverflow: 'queue_overflow',
  /** The publisher's sequence numbers skipped it (lost on the way, rmw_zenoh's message-lost). */
  MessageLost: 'message_lost',
  /** The writer refused it (its queue full, or a file failed). */
  WriteFailed: 'write_failed',
} as const;
export type RecordDrop = (typeof RecordDrop)[keyof typeof RecordDrop];

export const RecordSkip = { ...TopicSkip, UnknownType: 'unknown_type', SubscribeFailed: 'subscribe_failed' } as const;
export type RecordSkip = (typeof RecordSkip)[keyof typeof RecordSkip];

export type RecorderEvent =
  | { readonly type: 'subscribed'; readonly topic: string; readonly typeName: string; readonly qos: RmwQos }
  | { readonly type: 'skipped'; readonly topic: string; readonly why: RecordSkip; readonly message: string }
  /** A publisher appeared whose offer the recording subscription's request may not match (rosbag2 warns too). */
  | { readonly type: 'qos_warning'; readonly topic: string; readonly message: string }
  | {
      readonly type: 'dropped';
      readonly topic: string;
      readonly why: RecordDrop;
      readonly count: number;
      readonly message: string;
    };

export interface RecordedTopicStats {
  readonly name: string;
  readonly type: string;
  readonly messages: number;
  readonly bytes: number;
  readonly dropped: { readonly [K in RecordDrop]: number };
}

export interface RecordStats {
  readonly messages: number;
  readonly bytes: number;
  /** Samples that did not reach the bag, by cause, all topics. */
  readonly dropped: { readonly [K in RecordDrop]: number };
  readonly topics: readonly RecordedTopicStats[];
}

export interface RecordReport {
  readonly stats: RecordStats;
  readonly metadata: BagMetadata;
}

export interface Recorder {
  /** Counters so far (a snapshot). */
  stats(): RecordStats;
  /** Samples arriving while paused are not written (rosbag2's pause); not counted as drops. */
  pause(): void;
  resume(): void;
  isPaused(): boolean;
  /** Polls the graph now (also done every discoveryPeriodMs). */
  discover(): Result;
  /**
   * Stops discovery, dispatches what the subscriptions still hold, releases them and closes the
   * writer (its last file and metadata.yaml), all within `budgetMs`.
   */
  stop(budgetMs: number): Promise<ResultOf<RecordReport>>;
}

const NO_DROPS = (): { [K in RecordDrop]: number } => ({ queue_overflow: 0, message_lost: 0, write_failed: 0 });

interface Recorded {
  readonly name: string;
  readonly type: string;
  qos: RmwQos | undefined;
  warned: boolean;
  subscription: SubscriptionHandle | undefined;
  messages: number;
  bytes: number;
  /** The last receive time written on the system clock (a bag is read in receive-time order). */
  lastRecvNs: bigint;
  readonly dropped: { [K in RecordDrop]: number };
}

/** The bytes as they came (a copy: the writer keeps them after the handler returns). */
function passThrough(typeName: string, typeHash: string): MessageType<Uint8Array> {
  return { typeName, typeHash, encode: (b: Uint8Array) => b, decode: (b: Uint8Array) => b.slice() };
}

/** Sub-millisecond receive time within the arrival's millisecond (the rmw stamps whole ms). */
function receiveNs(info: MessageInfo): bigint {
  const arrivalNs = BigInt(Math.floor(info.receivedAtMs)) * 1_000_000n;
  const now = systemNowNs();
  return now >= arrivalNs && now < arrivalNs + 1_000_000n ? now : arrivalNs;
}

class RecorderImpl implements Recorder {
  private readonly recorded = new Map<string, Recorded>();
  private readonly skipped = new Set<string>();
  private timer: Timer | undefined;
  private unlisten: (() => void) | undefined;
  private paused = false;
  private stopping = false;
  private lastDispatchMs = 0;

  constructor(
    private readonly node: Node,
    private readonly o: CheckedRecordOptions,
    private readonly onEvent: (e: RecorderEvent) => void,
  ) {}

  start(): Result {
    // Overflows are reported by the executor per entity label; the label names the topic.
    this.unlisten = this.node.executor.onEvent((e) => {
      if (e.type !== 'queue_overflow') return;
      const topic = /^subscription '(.*)'$/.exec(e.entity)?.[1];
      const r = topic === undefined ? undefined : this.recorded.get(topic);
      if (r !== undefined) this.drop(r, RecordDrop.QueueOverflow, e.dropped, 'the subscription queue was full');
    });
    const timer = this.node.createWallTimer(this.o.discoveryPeriodMs, () => void this.discover());
    if (!timer.ok) return timer;
    this.timer = timer.value;
    return this.discover();
  }

  stats(): RecordStats {
    const topics = [...this.recorded.values()].map((r) => ({
      name: r.name,
      type: r.type,
      messages: r.messages,
      bytes: r.bytes,
      dropped: { ...r.dropped },
    }));
    const dropped = NO_DROPS();
    for (const t of topics) for (const k of Object.keys(dropped) as RecordDrop[]) dropped[k] += t.dropped[k];
    return {
      messages: topics.reduce((n, t) => n + t.messages, 0),
      bytes: topics.reduce((n, t) => n + t.bytes, 0),
      dropped,
      topics,
    };
  }

  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
  isPaused(): boolean {
    return this.paused;
  }

  discover(): Result {
    if (this.stopping) return err('NotInitialized', 'the recorder was stopped');
    const names = this.node.getTopicNamesAndTypes();
    if (!names.ok) return names;
    for (const [name, types] of names.value) {
      const known = this.recorded.get(name);
      if (known !== undefined) this.checkNewOffers(known);
      if (known !== undefined || this.skipped.has(name)) continue;
      const publishers = this.node.getPublishersInfoByTopic(name);
      const count = publishers.ok ? publishers.value.length : 0;
      const take = takeTopic(this.o.selection, name, types, count);
      if (!take.take) {
        // Not yet published or not selected may change; the rest is final for this name.
        if (take.why !== TopicSkip.NotSelected && take.why !== TopicSkip.Unpublished) {
          this.skip(name, take.why, `${name}: ${take.why.replace('_', ' ')} (${types.join(', ')})`);
        }
        continue;
      }
      this.subscribe(name, take.type);
    }
    return ok();
  }

  /** rosbag2's warn_if_new_qos_for_subscribed_topic: once per topic. */
  private checkNewOffers(r: Recorded): void {
    if (r.warned || r.qos === undefined) return;
    const infos = this.node.getPublishersInfoByTopic(r.name);
    if (!infos.ok) return;
    for (const e of infos.value) {
      const q = e.qosProfile;
      const reliability = q.reliability === 'best_effort' && r.qos.reliability !== 'best_effort';
      const durability = q.durability === 'volatile' && r.qos.durability !== 'volatile';
      if (!reliability && !durability) continue;
      r.warned = true;
      const what = reliability
        ? 'best effort, the recording asks for reliable'
        : 'volatile, the recording asks for transient local';
      this.onEvent({
        type: 'qos_warning',
        topic: r.name,
        message: `a new publisher on '${r.name}' (node ${e.nodeName}) offers ${what}: its messages may not be recorded`,
      });
      return;
    }
  }

  private skip(topic: string, why: RecordSkip, message: string): void {
    this.skipped.add(topic);
    this.onEvent({ type: 'skipped', topic, why, message });
  }

  private subscribe(name: string, type: string): void {
    const registry = this.o.registry;
    const known = registry.message(type);
    if (!known.ok) {
      this.skip(name, RecordSkip.UnknownType, `${name}: ${known.error.message}`);
      return;
    }
    const infos = this.node.getPublishersInfoByTopic(name);
    const endpoints = infos.ok ? infos.value : [];
    const definition = messageDefinitionFor(type, this.o.definitions);
    if (!definition.ok) {
      this.skip(name, RecordSkip.UnknownType, `${name}: ${definition.error.message}`);
      return;
    }
    // rosbag2 keeps a hash only when every publisher announces the same one.
    const hashes = new Set(endpoints.map((e) => e.topicTypeHash).filter((h) => h.startsWith('RIHS01_')));
    const created = this.o.writer.createTopic(
      {
        name,
        type,
        serializationFormat: 'cdr',
        offeredQosProfiles: endpoints.map((e) => offeredProfile(e.qosProfile)),
        typeDescriptionHash: hashes.size === 1 ? [...hashes][0]! : '',
      },
      definition.value,
    );
    if (!created.ok) {
      this.skip(name, RecordSkip.SubscribeFailed, `${name}: ${created.error.message}`);
      return;
    }
    const r: Recorded = {
      name,
      type,
      qos: undefined,
      warned: false,
      subscription: undefined,
      messages: 0,
      lastRecvNs: 0n,
      bytes: 0,
      dropped: NO_DROPS(),
    };
    const qos = adaptRequestToOffers(
      endpoints.map((e) => e.qosProfile),
      this.o.queueDepth,
    );
    r.qos = qos;
    const requested = QoS.fromRmw(qos);
    const handler = (bytes: Uint8Array, info: MessageInfo): void => this.write(r, bytes, info);
    const lost = {
      events: {
        messageLost: (s: { readonly totalCountChange: number }) =>
          this.drop(r, RecordDrop.MessageLost, s.totalCountChange, 'the publisher’s sequence numbers skipped them'),
      },
    };
    const type_ = passThrough(known.value.typeName, known.value.typeHash);
    let sub = this.node.createSubscription(type_, name, handler, requested, lost);
    // A backend that cannot count lost messages still records.
    if (!sub.ok && sub.error.name === 'Unsupported')
      sub = this.node.createSubscription(type_, name, handler, requested);
    if (!sub.ok) {
      this.skip(name, RecordSkip.SubscribeFailed, `${name}: ${sub.error.message}`);
      return;
    }
    r.subscription = sub.value;
    this.recorded.set(name, r);
    this.onEvent({ type: 'subscribed', topic: name, typeName: type, qos });
  }

  private write(r: Recorded, bytes: Uint8Array, info: MessageInfo): void {
    this.lastDispatchMs = performance.now();
    if (this.paused) return;
    let recv: bigint;
    if (this.node.getClock().isRosTimeActive()) recv = this.node.now().nanoseconds;
    else {
      // The sub-millisecond refinement may land a later sample before an earlier one of the
      // same millisecond; a reader would then play them out of their arrival order.
      const ns = receiveNs(info);
      recv = ns > r.lastRecvNs ? ns : r.lastRecvNs + 1n;
      r.lastRecvNs = recv;
    }
    let written: Result;
    try {
      written = this.o.writer.write(r.name, bytes, recv, info.sourceTimestampNs ?? 0n);
    } catch (thrown) {
      // A writer that throws is a refusal too: counted here, not lost in the handler-error counter.
      written = err('Error', `the writer threw: ${describeThrown(thrown)}`);
    }
    if (!written.ok) {
      this.drop(r, RecordDrop.WriteFailed, 1, written.error.message);
      return;
    }
    r.messages++;
    r.bytes += bytes.length;
  }

  private drop(r: Recorded, why: RecordDrop, count: number, message: string): void {
    r.dropped[why] += count;
    this.onEvent({ type: 'dropped', topic: r.name, why, count, message });
  }

  async stop(budgetMs: number): Promise<ResultOf<RecordReport>> {
    if (this.stopping) return err('NotInitialized', 'the recorder was already stopped');
    this.stopping = true;
    const end = performance.now() + budgetMs;
    this.timer?.reset();
    await this.drain(end);
    for (const r of this.recorded.values()) r.subscription?.reset();
    this.unlisten?.();
    const left = Math.max(0, end - performance.now());
    const closed = await withinBudget(this.o.writer.close(), left, 'closing the bag');
    if (!closed.ok) return closed;
    return ok({ stats: this.stats(), metadata: closed.value });
  }

  /**
   * Runs the rounds that deliver what the subscriptions still hold: synchronously when nobody
   * spins, else waits until a spinner has dispatched nothing of ours for one discovery period.
   */
  private async drain(endMs: number): Promise<void> {
    const ex = this.node.executor;
    if (ex.inHandler()) return;
    const all = ex.spinAll(Math.max(0, Math.min(endMs - performance.now(), 1000)));
    if (all.ok) return;
    const quiet = this.o.discoveryPeriodMs;
    const budget = Math.max(0, Math.min(endMs - performance.now(), 5 * quiet + 1000));
    await ex.spinUntil(() => performance.now() - this.lastDispatchMs > quiet, budget, 'draining the recorder');
  }
}

/**
 * Starts recording on `node`: the topics the options select, from now on, as they appear.
 * `onEvent` hears subscriptions, skipped topics and drops (in spin).
 */
export function startRecording(
  node: Node,
  options: RecordOptions,
  onEvent: (e: RecorderEvent) => void = () => {},
): ResultOf<Recorder> {
  const checked = checkRecordOptions(options, (t) => node.resolveName(t));
  if (!checked.ok) return checked;
  const recorder = new RecorderImpl(node, checked.value, onEvent);
  const started = recorder.start();
  return started.ok ? ok(recorder) : started;
}
